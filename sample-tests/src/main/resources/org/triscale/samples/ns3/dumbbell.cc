// Dumbbell scenario of TriScale's ns-3 sample backend (written for ns-3.37).
//
// Topology: N sender/receiver pairs (one per base RTT, plus one pair for the optional competing
// bulk flow) around two routers joined by the bottleneck point-to-point link:
//
//   S_i --access(a_i)-- R1 ==bottleneck(rate, d_b)== R2 --access(a_i)-- D_i
//
// The base (propagation) RTT of pair i is 2 * (2 * a_i + d_b), so a_i = (rtt_i / 2 - d_b) / 2.
// Access links run at max(10 x bottleneck rate, 1 Gbit/s) so that they never queue; their
// serialisation times (about 12 us per hop at 1 Gbit/s) come on top of the base RTT.
//
// The bottleneck's queue lives in a queue disc on R1 (a FifoQueueDisc of `buffer` packets, the
// real DropTail; or, for ECN, a RedQueueDisc used as a step marker at K packets) above a
// 1-packet device queue, as Linux does with BQL.
//
// TCP is made Linux-like: SegmentSize 1448 (1500-byte IP packets with timestamps), 8 MiB
// send/receive buffers, initial window 10, MinRto 200 ms, ConnTimeout 1 s, delayed ACKs every
// 2 segments (Linux's default ack ratio) with a 40 ms delayed-ACK timer (Linux's minimum ATO),
// PRR recovery and SACK (ns-3 defaults). Each sender and its receiver use the flow's CCA
// (TcpL4Protocol::SocketType per node); DCTCP needs that on the receiver too.
//
// Workloads:
//   bulk: one unlimited flow per pair, started uniformly in [0, startJitter), running to the end.
//   fct:  Poisson arrivals (exponential inter-arrival, mean meanInterArrival) in
//         [warmup, duration), flows assigned to the pairs round-robin, lognormal sizes with the
//         given 5th and 95th percentiles; optionally one competing unlimited bulk flow with its
//         own CCA and RTT, started in [0, startJitter).
// The simulation stops at duration + drain seconds.
//
// Randomness: every random draw comes from ns-3 RNG streams with fixed stream numbers (1: inter-
// arrivals, 2: sizes, 3: start jitter, 4 and up: models), so --RngRun selects the run and the
// same --RngRun gives the same output.
//
// Output (stdout, one record per line, fields separated by one space; '#' lines are comments):
//   tput <t_s> all <mbit_s>         goodput of all flows at the receivers in the bin (t - interval, t]
//   tput <t_s> <flow_id> <mbit_s>   same for each bulk flow (FCT flows only appear in 'all')
//   qdelay <t_s> <ms>               sojourn time in the bottleneck queue disc of one packet,
//                                   taken when it leaves the disc at t (every qdelayEvery-th packet);
//                                   excludes propagation, serialisation and the 1-packet device queue
//   flow <id> <cca> <start_s> <size_bytes> <fct_s> <kind> <rtt_ms> <received_bytes>
//                                   one line per flow after the run; size -1 for unlimited (bulk)
//                                   flows; fct -1 when not completed (bulk flows never complete);
//                                   FCT = from the application start (before the SYN) until its
//                                   PacketSink has received every byte; kind is bulk or fct
//   summary key=value ...           last line: sim_time_s, bottleneck_mbps, tx_bytes (bytes sent on
//                                   the bottleneck incl. IP and PPP headers), utilisation
//                                   (tx_bytes * 8 / (rate * sim_time)), drops and marks (bottleneck
//                                   queue disc), device_drops, flows, fct_flows, completed,
//                                   qdelay_samples, queue, buffer_pkts, ecn_k
//
// Exit status: 0 on success, 2 on invalid arguments (message on stderr).

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

constexpr double kZ95 = 1.6448536269514722; // standard normal quantile at 0.95
constexpr uint32_t kPortBase = 10000;
constexpr uint32_t kMaxFlows = 55000;

struct Flow
{
    uint32_t id;
    std::string cca;
    bool bulk;
    double rttMs;
    Time start;
    uint64_t size; // 0: unlimited
    uint64_t received{0};
    uint64_t binBytes{0};
    bool completed{false};
    Time fct;
};

std::vector<Flow> g_flows;
uint64_t g_binAll = 0;
uint64_t g_txBytes = 0;
uint64_t g_deviceDrops = 0;
uint64_t g_sojournCount = 0;
uint64_t g_qdelaySamples = 0;
uint32_t g_qdelayEvery = 1;

int
Fail(const std::string& message)
{
    std::cerr << "dumbbell: " << message << std::endl;
    return 2;
}

bool
CcaTypeId(const std::string& name, std::string& typeId)
{
    static const std::vector<std::pair<std::string, std::string>> known = {
        {"NewReno", "ns3::TcpNewReno"},
        {"Cubic", "ns3::TcpCubic"},
        {"Bbr", "ns3::TcpBbr"},
        {"Vegas", "ns3::TcpVegas"},
        {"Dctcp", "ns3::TcpDctcp"},
    };
    for (const auto& entry : known)
    {
        if (entry.first == name)
        {
            typeId = entry.second;
            return true;
        }
    }
    return false;
}

bool
ParseRtts(const std::string& text, std::vector<double>& rtts)
{
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        try
        {
            size_t used = 0;
            double value = std::stod(item, &used);
            if (used != item.size() || !(value > 0) || !std::isfinite(value))
            {
                return false;
            }
            rtts.push_back(value);
        }
        catch (const std::exception&)
        {
            return false;
        }
    }
    return !rtts.empty();
}

void
OnRx(uint32_t index, Ptr<const Packet> packet, const Address&)
{
    Flow& flow = g_flows[index];
    uint32_t bytes = packet->GetSize();
    flow.received += bytes;
    flow.binBytes += bytes;
    g_binAll += bytes;
    if (!flow.bulk && !flow.completed && flow.received >= flow.size)
    {
        flow.completed = true;
        flow.fct = Simulator::Now() - flow.start;
    }
}

void
OnSojourn(Time sojourn)
{
    if (g_sojournCount++ % g_qdelayEvery == 0)
    {
        g_qdelaySamples++;
        std::cout << "qdelay " << Simulator::Now().GetSeconds() << ' '
                  << sojourn.GetSeconds() * 1e3 << '\n';
    }
}

void
OnBottleneckTx(Ptr<const Packet> packet)
{
    g_txBytes += packet->GetSize();
}

void
OnDeviceDrop(Ptr<const Packet>)
{
    g_deviceDrops++;
}

void
SampleThroughput(uint64_t bin, Time interval, uint64_t lastBin)
{
    double seconds = interval.GetSeconds();
    double now = Simulator::Now().GetSeconds();
    std::cout << "tput " << now << " all " << g_binAll * 8.0 / seconds / 1e6 << '\n';
    g_binAll = 0;
    for (auto& flow : g_flows)
    {
        if (flow.bulk)
        {
            std::cout << "tput " << now << ' ' << flow.id << ' '
                      << flow.binBytes * 8.0 / seconds / 1e6 << '\n';
        }
        flow.binBytes = 0;
    }
    if (bin < lastBin)
    {
        Simulator::Schedule(interval, &SampleThroughput, bin + 1, interval, lastBin);
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    double rateMbps = 50;
    std::string rttsText = "40";
    uint32_t buffer = 100;
    std::string cca = "Cubic";
    std::string workload = "bulk";
    double duration = 10;
    double interval = 0.1;
    double bottleneckDelayMs = -1;
    std::string queue = "auto";
    uint32_t ecnK = 0;
    double meanInterArrival = 0.2;
    double sizeP5 = 65536;
    double sizeP95 = 2097152;
    std::string competitor = "none";
    double competitorRttMs = -1;
    double warmup = 0;
    double drain = 0;
    double startJitter = 0.1;

    // Linux-like TCP; set before parsing so that --ns3::...=value can still override it.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(8 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(8 << 20));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(40)));
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(1)));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    CommandLine cmd;
    cmd.AddValue("rateMbps", "bottleneck rate in Mbit/s", rateMbps);
    cmd.AddValue("rtts", "comma-separated base RTTs in ms, one sender/receiver pair each", rttsText);
    cmd.AddValue("buffer", "bottleneck queue disc size in packets", buffer);
    cmd.AddValue("cca", "CCA of the pairs: NewReno, Cubic, Bbr, Vegas or Dctcp", cca);
    cmd.AddValue("workload", "bulk or fct", workload);
    cmd.AddValue("duration", "seconds: bulk flows' run time; FCT arrivals stop here", duration);
    cmd.AddValue("interval", "throughput bin width in seconds", interval);
    cmd.AddValue("bottleneckDelay", "bottleneck one-way delay in ms (default min RTT / 4)",
                 bottleneckDelayMs);
    cmd.AddValue("queue", "fifo, red (ECN step marking) or auto (red iff a CCA is Dctcp)", queue);
    cmd.AddValue("ecnK", "RED marking threshold in packets (0: ceil(BDP / 7) at the min RTT)", ecnK);
    cmd.AddValue("meanInterArrival", "fct: mean flow inter-arrival time in seconds",
                 meanInterArrival);
    cmd.AddValue("sizeP5", "fct: 5th percentile of the lognormal flow size in bytes", sizeP5);
    cmd.AddValue("sizeP95", "fct: 95th percentile of the lognormal flow size in bytes", sizeP95);
    cmd.AddValue("competitor", "fct: CCA of one competing bulk flow, or none", competitor);
    cmd.AddValue("competitorRtt", "fct: base RTT of the competing flow in ms (default first RTT)",
                 competitorRttMs);
    cmd.AddValue("warmup", "fct: seconds before the first arrival window opens", warmup);
    cmd.AddValue("drain", "seconds simulated after duration (no new arrivals)", drain);
    cmd.AddValue("startJitter", "bulk flows start uniformly in [0, startJitter) seconds",
                 startJitter);
    cmd.AddValue("qdelayEvery", "report the sojourn time of every k-th packet", g_qdelayEvery);
    cmd.Parse(argc, argv);

    // Validate everything before building anything.
    std::vector<double> rtts;
    if (!ParseRtts(rttsText, rtts))
    {
        return Fail("--rtts must be a comma-separated list of positive numbers, got '" +
                    rttsText + "'");
    }
    std::string ccaTypeId;
    if (!CcaTypeId(cca, ccaTypeId))
    {
        return Fail("unknown --cca '" + cca + "'; use NewReno, Cubic, Bbr, Vegas or Dctcp");
    }
    bool fct = workload == "fct";
    if (!fct && workload != "bulk")
    {
        return Fail("--workload must be bulk or fct, got '" + workload + "'");
    }
    std::string competitorTypeId;
    bool hasCompetitor = competitor != "none";
    if (hasCompetitor && !CcaTypeId(competitor, competitorTypeId))
    {
        return Fail("unknown --competitor '" + competitor +
                    "'; use none, NewReno, Cubic, Bbr, Vegas or Dctcp");
    }
    if (hasCompetitor && !fct)
    {
        return Fail("--competitor applies to the fct workload only");
    }
    if (!(rateMbps > 0) || !(duration > 0) || !(interval > 0) || !(drain >= 0) ||
        !(warmup >= 0) || !(startJitter >= 0) || buffer < 1 || g_qdelayEvery < 1)
    {
        return Fail("rateMbps, duration and interval must be > 0; drain, warmup and startJitter "
                    ">= 0; buffer and qdelayEvery >= 1");
    }
    if (fct && (!(meanInterArrival > 0) || !(sizeP5 > 0) || !(sizeP95 > sizeP5)))
    {
        return Fail("fct workload needs meanInterArrival > 0 and 0 < sizeP5 < sizeP95");
    }
    double minRtt = *std::min_element(rtts.begin(), rtts.end());
    if (competitorRttMs < 0)
    {
        competitorRttMs = rtts.front();
    }
    if (hasCompetitor)
    {
        minRtt = std::min(minRtt, competitorRttMs);
    }
    if (bottleneckDelayMs < 0)
    {
        bottleneckDelayMs = minRtt / 4;
    }
    if (bottleneckDelayMs > minRtt / 2)
    {
        return Fail("--bottleneckDelay must be at most half the smallest RTT");
    }
    bool dctcp = cca == "Dctcp" || competitor == "Dctcp";
    bool red = queue == "red" || (queue == "auto" && dctcp);
    if (!red && queue != "fifo" && queue != "auto")
    {
        return Fail("--queue must be fifo, red or auto, got '" + queue + "'");
    }
    double bdpPackets = rateMbps * 1e6 * minRtt / 1e3 / (1500 * 8);
    if (red && ecnK == 0)
    {
        ecnK = std::min<uint32_t>(buffer, std::max<uint32_t>(1, std::ceil(bdpPackets / 7)));
    }
    if (red && ecnK > buffer)
    {
        return Fail("--ecnK must not exceed --buffer");
    }
    Time simEnd = Seconds(duration + drain);

    // Pairs: one per RTT, then the competitor's.
    std::vector<double> pairRtt = rtts;
    std::vector<std::string> pairCca(rtts.size(), cca);
    std::vector<std::string> pairTypeId(rtts.size(), ccaTypeId);
    if (hasCompetitor)
    {
        pairRtt.push_back(competitorRttMs);
        pairCca.push_back(competitor);
        pairTypeId.push_back(competitorTypeId);
    }
    uint32_t pairs = pairRtt.size();

    NodeContainer routers;
    routers.Create(2);
    NodeContainer senders;
    senders.Create(pairs);
    NodeContainer receivers;
    receivers.Create(pairs);

    PointToPointHelper bottleneckLink;
    bottleneckLink.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rateMbps * 1e6)));
    bottleneckLink.SetChannelAttribute("Delay", TimeValue(MicroSeconds(bottleneckDelayMs * 1e3)));
    bottleneckLink.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("1p")));
    NetDeviceContainer bottleneckDevices = bottleneckLink.Install(routers.Get(0), routers.Get(1));

    double accessRate = std::max(10 * rateMbps, 1000.0) * 1e6;
    std::vector<NetDeviceContainer> senderLinks;
    std::vector<NetDeviceContainer> receiverLinks;
    for (uint32_t i = 0; i < pairs; i++)
    {
        double accessDelayMs = (pairRtt[i] / 2 - bottleneckDelayMs) / 2;
        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", DataRateValue(DataRate(accessRate)));
        access.SetChannelAttribute("Delay", TimeValue(NanoSeconds(std::llround(accessDelayMs * 1e6))));
        senderLinks.push_back(access.Install(senders.Get(i), routers.Get(0)));
        receiverLinks.push_back(access.Install(routers.Get(1), receivers.Get(i)));
    }

    InternetStackHelper stack;
    stack.InstallAll();
    for (uint32_t i = 0; i < pairs; i++)
    {
        TypeId tid = TypeId::LookupByName(pairTypeId[i]);
        senders.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType", TypeIdValue(tid));
        receivers.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType", TypeIdValue(tid));
    }

    // Queue discs go in before addresses are assigned, which would install the default one.
    TrafficControlHelper bottleneckTc;
    if (red)
    {
        bottleneckTc.SetRootQueueDisc("ns3::RedQueueDisc",
                                      "MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, buffer)),
                                      "MinTh", DoubleValue(ecnK),
                                      "MaxTh", DoubleValue(ecnK),
                                      "QW", DoubleValue(1.0),
                                      "Gentle", BooleanValue(false),
                                      "UseEcn", BooleanValue(true),
                                      "UseHardDrop", BooleanValue(false),
                                      "MeanPktSize", UintegerValue(1500),
                                      "LinkBandwidth", DataRateValue(DataRate(rateMbps * 1e6)),
                                      "LinkDelay", TimeValue(MicroSeconds(bottleneckDelayMs * 1e3)));
    }
    else
    {
        bottleneckTc.SetRootQueueDisc("ns3::FifoQueueDisc",
                                      "MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, buffer)));
    }
    QueueDiscContainer bottleneckDiscs = bottleneckTc.Install(bottleneckDevices);
    // Hosts and the routers' access side: plain large FIFOs (never the bottleneck), instead of
    // the default fq_codel whose CoDel would act on the senders' bursts.
    TrafficControlHelper accessTc;
    accessTc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(QueueSize("10000p")));
    for (uint32_t i = 0; i < pairs; i++)
    {
        accessTc.Install(senderLinks[i]);
        accessTc.Install(receiverLinks[i]);
    }
    int64_t stream = 4;
    for (uint32_t i = 0; i < bottleneckDiscs.GetN(); i++)
    {
        Ptr<RedQueueDisc> redDisc = DynamicCast<RedQueueDisc>(bottleneckDiscs.Get(i));
        if (redDisc)
        {
            stream += redDisc->AssignStreams(stream);
        }
    }

    Ipv4AddressHelper addresses;
    addresses.SetBase("10.0.0.0", "255.255.255.0");
    addresses.Assign(bottleneckDevices);
    std::vector<Ipv4Address> receiverAddress;
    for (uint32_t i = 0; i < pairs; i++)
    {
        addresses.NewNetwork();
        addresses.Assign(senderLinks[i]);
        addresses.NewNetwork();
        receiverAddress.push_back(addresses.Assign(receiverLinks[i]).GetAddress(1));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // Workload.
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    jitter->SetStream(3);
    auto addFlow = [&](uint32_t pair, bool bulk, Time start, uint64_t size) {
        uint32_t id = g_flows.size();
        Flow flow{id, pairCca[pair], bulk, pairRtt[pair], start, size};
        g_flows.push_back(flow);
        uint16_t port = kPortBase + id;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink = sinkHelper.Install(receivers.Get(pair));
        sink.Start(Seconds(0));
        sink.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&OnRx, id));
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(receiverAddress[pair], port));
        source.SetAttribute("MaxBytes", UintegerValue(size));
        source.SetAttribute("SendSize", UintegerValue(1448 * 8));
        ApplicationContainer app = source.Install(senders.Get(pair));
        app.Start(start);
    };
    auto jitteredStart = [&]() {
        return startJitter > 0 ? Seconds(jitter->GetValue(0, startJitter)) : Seconds(0);
    };
    if (!fct)
    {
        for (uint32_t i = 0; i < pairs; i++)
        {
            addFlow(i, true, jitteredStart(), 0);
        }
    }
    else
    {
        if (hasCompetitor)
        {
            addFlow(pairs - 1, true, jitteredStart(), 0);
        }
        Ptr<ExponentialRandomVariable> gaps = CreateObject<ExponentialRandomVariable>();
        gaps->SetAttribute("Mean", DoubleValue(meanInterArrival));
        gaps->SetStream(1);
        double mu = (std::log(sizeP5) + std::log(sizeP95)) / 2;
        double sigma = (std::log(sizeP95) - std::log(sizeP5)) / (2 * kZ95);
        Ptr<LogNormalRandomVariable> sizes = CreateObject<LogNormalRandomVariable>();
        sizes->SetAttribute("Mu", DoubleValue(mu));
        sizes->SetAttribute("Sigma", DoubleValue(sigma));
        sizes->SetStream(2);
        uint32_t shortPairs = rtts.size();
        uint32_t next = 0;
        for (double t = warmup + gaps->GetValue(); t < duration; t += gaps->GetValue())
        {
            if (g_flows.size() >= kMaxFlows)
            {
                return Fail("more than 55000 flows; shorten --duration or raise --meanInterArrival");
            }
            uint64_t size = std::max<uint64_t>(1, std::llround(sizes->GetValue()));
            addFlow(next, false, Seconds(t), size);
            next = (next + 1) % shortPairs;
        }
    }

    // Traces.
    std::cout << std::fixed << std::setprecision(6);
    Ptr<QueueDisc> disc = bottleneckDiscs.Get(0);
    disc->TraceConnectWithoutContext("SojournTime", MakeCallback(&OnSojourn));
    Ptr<NetDevice> bottleneck = bottleneckDevices.Get(0);
    bottleneck->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&OnBottleneckTx));
    bottleneck->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&OnDeviceDrop));
    Time binWidth = Seconds(interval);
    uint64_t bins = static_cast<uint64_t>(std::floor(simEnd.GetSeconds() / interval + 1e-6));
    if (bins >= 1)
    {
        Simulator::Schedule(binWidth, &SampleThroughput, 1, binWidth, bins);
    }

    std::cout << "# triscale ns-3 dumbbell, output format 1\n"
              << "# rateMbps=" << rateMbps << " rtts=" << rttsText << " buffer=" << buffer
              << " cca=" << cca << " workload=" << workload << " duration=" << duration
              << " drain=" << drain << " interval=" << interval
              << " bottleneckDelayMs=" << bottleneckDelayMs << " queue=" << (red ? "red" : "fifo")
              << " ecnK=" << (red ? ecnK : 0) << " competitor=" << competitor
              << " RngRun=" << RngSeedManager::GetRun() << '\n';

    // One nanosecond past the end, so that events due exactly at the end (the last bin) still run.
    Simulator::Stop(simEnd + NanoSeconds(1));
    Simulator::Run();

    uint32_t fctFlows = 0;
    uint32_t completed = 0;
    for (const auto& flow : g_flows)
    {
        if (!flow.bulk)
        {
            fctFlows++;
            completed += flow.completed ? 1 : 0;
        }
        std::cout << "flow " << flow.id << ' ' << flow.cca << ' ' << flow.start.GetSeconds() << ' '
                  << (flow.bulk ? -1 : static_cast<int64_t>(flow.size)) << ' '
                  << (flow.completed ? flow.fct.GetSeconds() : -1.0) << ' '
                  << (flow.bulk ? "bulk" : "fct") << ' ' << flow.rttMs << ' ' << flow.received
                  << '\n';
    }
    const QueueDisc::Stats& stats = disc->GetStats();
    double simSeconds = simEnd.GetSeconds();
    std::cout << "summary sim_time_s=" << simSeconds << " bottleneck_mbps=" << rateMbps
              << " tx_bytes=" << g_txBytes
              << " utilisation=" << g_txBytes * 8.0 / (rateMbps * 1e6 * simSeconds)
              << " drops=" << stats.nTotalDroppedPackets << " marks=" << stats.nTotalMarkedPackets
              << " device_drops=" << g_deviceDrops << " flows=" << g_flows.size()
              << " fct_flows=" << fctFlows << " completed=" << completed
              << " qdelay_samples=" << g_qdelaySamples << " queue=" << (red ? "red" : "fifo")
              << " buffer_pkts=" << buffer << " ecn_k=" << (red ? ecnK : 0) << std::endl;
    Simulator::Destroy();
    return 0;
}
