package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;
import org.triscale.emulator.base.Ecn;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.FqCoDel;
import org.triscale.emulator.queue.Packet;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.queue.Pie;
import org.triscale.emulator.queue.QueueDiscipline;
import org.triscale.emulator.queue.Red;

/**
 * The emulator's CoDel, FQ-CoDel, PIE and RED against ns-3.37's queue discs of the same name
 * under the same constant overload: 1,500-byte UDP packets offered at 1.25 times a 10 Mbit/s
 * link for 20 s, measured after 5 s. Skipped when ns-3 is not installed. The ns-3 program is
 * compiled once per run (about 15 s).
 */
class Ns3AqmComparisonTest {
    private static final double SECONDS = 20;
    private static final double WARM_UP = 5;
    private static final double OVERLOAD = 1.25;
    private static final int BUFFER = 1000;

    private static Ns3 ns3;

    @TempDir
    static Path work;

    private static Path program;

    @BeforeAll
    static void compile() throws IOException, InterruptedException {
        ns3 = Ns3.requireOrSkip(TestAbortedException::new);
        Path source = work.resolve("aqm-overload.cc");
        Files.writeString(source, SOURCE, StandardCharsets.UTF_8);
        program = work.resolve("aqm-overload");
        run(ns3.installation().compileCommand(source, program));
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n"
                    + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The ns-3 run's figures: drop fraction and mean sojourn time in ms after the warm-up. */
    private static double[] ns3(String disc) throws IOException, InterruptedException {
        Map<String, Double> values = new HashMap<>();
        for (String line : run(List.of(program.toString(), "--disc=" + disc, "--seconds=" + SECONDS,
                "--warmup=" + WARM_UP, "--overload=" + OVERLOAD)).split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 2) {
                values.put(parts[0], Double.parseDouble(parts[1]));
            }
        }
        return new double[] {values.get("dropped") / values.get("received"), values.get("meanSojournMs")};
    }

    /**
     * The same load through the emulator's discipline: periodic arrivals, a link that takes the
     * next packet from the discipline when a transmission ends.
     */
    private static double[] emulator(QueueDiscipline.Factory factory) {
        Rate rate = Rate.mbps(10);
        QueueDiscipline q = factory.create(new QueueDiscipline.Setup(rate, Packets.of(BUFFER),
                RandomSource.XO_RO_SHI_RO_128_PP.create(1L)));
        long tx = Math.round(1500 * 8e9 / rate.bitsPerSecond());
        long gap = Math.round(tx / OVERLOAD);
        long end = Math.round(SECONDS * 1e9);
        long warmUp = Math.round(WARM_UP * 1e9);
        long nextArrival = 0;
        long linkFree = Long.MAX_VALUE;
        long offered = 0;
        long sent = 0;
        long sojournSum = 0;
        long measured = 0;
        long seq = 0;
        boolean busy = false;
        while (true) {
            long now = Math.min(nextArrival, busy ? linkFree : Long.MAX_VALUE);
            if (now >= end) {
                break;
            }
            if (busy && linkFree == now) {
                busy = false;
                sent++;
            } else {
                Packet p = new Packet(0, seq++, now, 1500, Ecn.NOT_ECT);
                p.enqueuedAt(now);
                q.enqueue(p, now);
                offered++;
                nextArrival += gap;
            }
            if (!busy) {
                Packet p = q.dequeue(now);
                if (p != null) {
                    busy = true;
                    linkFree = now + tx;
                    if (now >= warmUp) {
                        sojournSum += now - p.enqueuedAt();
                        measured++;
                    }
                }
            }
        }
        long inSystem = q.packets() + (busy ? 1 : 0);
        double drops = (offered - sent - inSystem) / (double) offered;
        return new double[] {drops, sojournSum / 1e6 / measured};
    }

    @Test
    void coDelAndFqCoDelHoldTheSameStandingQueue() throws Exception {
        // Unresponsive traffic: CoDel's drop rate climbs until it matches the excess (20 %), and
        // the queue built meanwhile stays. Both simulators measured about 167 ms.
        for (var disc : Map.of("codel", CoDel.rfc8289(), "fqcodel", FqCoDel.rfc8290()).entrySet()) {
            double[] reference = ns3(disc.getKey());
            double[] emulated = emulator(disc.getValue());
            assertThat(emulated[0]).as(disc.getKey() + " drop fraction").isCloseTo(reference[0], within(0.005));
            assertThat(emulated[1]).as(disc.getKey() + " sojourn ms").isCloseTo(reference[1], within(0.05 * reference[1]));
        }
    }

    @Test
    void pieHoldsItsTarget() throws Exception {
        double[] reference = ns3("pie");
        double[] emulated = emulator(Pie.rfc8033());
        assertThat(emulated[0]).isCloseTo(reference[0], within(0.005));
        assertThat(emulated[1]).isCloseTo(reference[1], within(1.0));
    }

    @Test
    void redSettlesWhereItsDropCurveGivesTheExcess() throws Exception {
        // ns-3's RED waits between drops by default (Wait = true, as ns-2): about 1.5 / p_b
        // packets apart instead of the uniformised 1 / p_b of Floyd & Jacobson 1993 that the
        // emulator implements. Compared without the wait; with it ns-3 settles higher.
        double[] reference = ns3("red");
        double[] emulated = emulator(Red.defaults());
        assertThat(emulated[0]).isCloseTo(reference[0], within(0.005));
        assertThat(emulated[1]).isCloseTo(reference[1], within(1.5));
        assertThat(ns3("red-wait")[1]).isGreaterThan(reference[1] + 2);
    }

    /** The ns-3.37 program: a 10 Mbit/s point-to-point link, its queue disc and a UDP source. */
    private static final String SOURCE = """
#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/applications-module.h"
#include "ns3/traffic-control-module.h"
#include <iostream>
using namespace ns3;
static double warmup = 5;
static double sojournSum = 0;
static uint64_t dequeued = 0;
// Sojourn of the packets leaving the queue disc; CoDel's trace also fires for the packets it drops
// at dequeue, whose sojourn in a steady state equals that of the packet served next.
static void OnDequeue(Ptr<const QueueDiscItem> item) {
  if (Simulator::Now().GetSeconds() >= warmup) {
    sojournSum += (Simulator::Now() - item->GetTimeStamp()).GetSeconds();
    dequeued++;
  }
}
int main(int argc, char *argv[]) {
  std::string disc = "codel";
  double seconds = 20;
  double overload = 1.25;
  CommandLine cmd;
  cmd.AddValue("disc", "codel, fqcodel, pie or red", disc);
  cmd.AddValue("seconds", "simulated seconds", seconds);
  cmd.AddValue("warmup", "seconds before measuring", warmup);
  cmd.AddValue("overload", "offered load over the link rate", overload);
  cmd.Parse(argc, argv);
  NodeContainer nodes; nodes.Create(2);
  PointToPointHelper p2p;
  p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
  p2p.SetChannelAttribute("Delay", StringValue("1ms"));
  p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));
  NetDeviceContainer devs = p2p.Install(nodes);
  InternetStackHelper stack; stack.Install(nodes);
  TrafficControlHelper tch;
  if (disc == "codel") tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", StringValue("1000p"));
  else if (disc == "fqcodel") tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", StringValue("1000p"));
  else if (disc == "pie") tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", StringValue("1000p"));
  else if (disc == "red" || disc == "red-wait") tch.SetRootQueueDisc("ns3::RedQueueDisc", "MaxSize", StringValue("1000p"),
      "MeanPktSize", UintegerValue(1500), "LinkBandwidth", StringValue("10Mbps"), "LinkDelay", StringValue("1ms"),
      "Wait", BooleanValue(disc == "red-wait"));
  else { std::cerr << "unknown disc " << disc << std::endl; return 2; }
  QueueDiscContainer qdiscs = tch.Install(devs.Get(0));
  Ipv4AddressHelper addr; addr.SetBase("198.18.0.0", "255.255.255.0");
  Ipv4InterfaceContainer ifs = addr.Assign(devs);
  uint32_t payload = 1472; // 1,500-byte IP packets
  double pps = overload * 10e6 / (1500 * 8.0);
  OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(ifs.GetAddress(1), 9));
  onoff.SetAttribute("OnTime", StringValue("ns3::ConstantRandomVariable[Constant=1000]"));
  onoff.SetAttribute("OffTime", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
  onoff.SetAttribute("PacketSize", UintegerValue(payload));
  onoff.SetAttribute("DataRate", DataRateValue(DataRate(uint64_t(pps * payload * 8))));
  ApplicationContainer app = onoff.Install(nodes.Get(0));
  app.Start(Seconds(0)); app.Stop(Seconds(seconds));
  PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
  sink.Install(nodes.Get(1)).Start(Seconds(0));
  qdiscs.Get(0)->TraceConnectWithoutContext("Dequeue", MakeCallback(&OnDequeue));
  Simulator::Stop(Seconds(seconds));
  Simulator::Run();
  QueueDisc::Stats st = qdiscs.Get(0)->GetStats();
  std::cout << "received " << st.nTotalReceivedPackets << std::endl;
  std::cout << "dropped " << st.nTotalDroppedPackets << std::endl;
  std::cout << "meanSojournMs " << (dequeued ? sojournSum / dequeued * 1e3 : 0) << std::endl;
  std::cout << "dequeuedAfterWarmup " << dequeued << std::endl;
  Simulator::Destroy();
  return 0;
}
""";
}
