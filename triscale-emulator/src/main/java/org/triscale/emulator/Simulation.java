package org.triscale.emulator;

import org.triscale.emulator.base.Ecn;
import org.triscale.emulator.base.Wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.link.Hop;
import org.triscale.emulator.link.LossModel;
import org.triscale.emulator.queue.DropTail;
import org.triscale.emulator.queue.Packet;
import org.triscale.emulator.queue.QueueDiscipline;
import org.triscale.emulator.workload.FctWorkload;
import org.triscale.emulator.workload.FlowSizes;

/**
 * One run of a scenario: the event loop and the shared parts (bottleneck, recorders, random
 * streams). An event is a time and an int id {@code index << 3 | type}; the index is a flow id,
 * or a workload index for arrivals.
 */
final class Simulation {
    static final int DATA = 0;
    static final int ACK = 1;
    static final int RTO = 2;
    static final int PACE = 3;
    static final int DELAYED_ACK = 4;
    static final int START = 5;
    static final int ARRIVAL = 6;
    static final int LINK = 7;
    private static final int TYPE_BITS = 3;
    private static final int TYPE_MASK = (1 << TYPE_BITS) - 1;
    private static final long SEED_STEP = 0x9E3779B97F4A7C15L;

    private final Scenario scenario;
    private final long seed;
    private final long end;
    final long binNanos;
    final int initialWindow;
    final long receiveWindowBytes;
    final boolean delayedAck;
    final LossRecovery lossRecovery;
    final long minRtoNanos;
    final boolean handshake;

    private final EventQueue queue = new EventQueue();
    /** The DropTail fast path, or null when the scenario has a queue discipline. */
    private final Bottleneck bottleneck;
    /** The links served through queue disciplines (the bottleneck, then the hops), or empty. */
    private final ServedLink[] servedLinks;
    final DelayRecorder delays;
    final ThroughputBins totalBins;
    final ThroughputBins totalGoodputBins;
    private final int binCount;
    private final List<Flow> flows = new ArrayList<>();
    private final long ackJitterNanos;
    /** ACK loss on the return path, or null. */
    final LossModel.Process ackLoss;
    final long ackDelayNanos;
    private final UniformRandomProvider jitterRandom;
    private final long startJitterNanos;
    private final UniformRandomProvider startRandom;
    private final long flowSeedBase;
    private final Workload[] workloads;
    /** The index of the reverse link in {@link #servedLinks}, or -1 without one. */
    private final int reverseIndex;
    private long events;

    /** The arrival process of one FCT workload. */
    private static final class Workload {
        final FctWorkload spec;
        final ZigguratSampler.Exponential gaps;
        final FlowSizes.Sampler sizes;
        final long stop;
        final ZigguratSampler.Exponential onPeriods;
        final ZigguratSampler.Exponential offPeriods;
        /** End of the current on period (on-off arrivals only). */
        long onUntil;
        int arrivals;

        Workload(FctWorkload spec, UniformRandomProvider random, long runEnd) {
            this.spec = spec;
            this.gaps = ZigguratSampler.Exponential.of(random, spec.meanInterArrival().toNanos());
            this.sizes = spec.sizes().sampler(random);
            this.stop = Math.min(runEnd, spec.stop().map(d -> d.toNanos()).orElse(runEnd));
            this.onPeriods = spec.onOff().map(o -> ZigguratSampler.Exponential.of(random, o.meanOn().toNanos()))
                    .orElse(null);
            this.offPeriods = spec.onOff().map(o -> ZigguratSampler.Exponential.of(random, o.meanOff().toNanos()))
                    .orElse(null);
            if (onPeriods != null) {
                onUntil = spec.start().toNanos() + sample(onPeriods);
            }
        }

        /** The next arrival after {@code time}: a Poisson gap, skipping the off periods. */
        long next(long time) {
            long t = time + sample(gaps);
            // Memorylessness: an arrival that falls after the on period restarts in the next one.
            while (onPeriods != null && t > onUntil) {
                long nextOn = onUntil + sample(offPeriods);
                onUntil = nextOn + sample(onPeriods);
                t = nextOn + sample(gaps);
            }
            return t;
        }

        private static long sample(ZigguratSampler.Exponential s) {
            return Math.max(1, Math.round(s.sample()));
        }
    }

    Simulation(Scenario scenario, long seed) {
        this.scenario = scenario;
        this.seed = seed;
        this.end = scenario.measurement().duration().toNanos();
        this.binNanos = scenario.measurement().throughputBin().toNanos();
        this.binCount = (int) ((end + binNanos - 1) / binNanos);
        this.initialWindow = scenario.hosts().initialWindow();
        this.receiveWindowBytes = scenario.hosts().receiveWindowBytes();
        this.delayedAck = scenario.hosts().delayedAck();
        this.lossRecovery = scenario.hosts().lossRecovery();
        this.minRtoNanos = scenario.hosts().minRto().toNanos();
        this.handshake = scenario.hosts().handshake();
        // Independent streams per purpose, so that e.g. adding random loss leaves the workload unchanged.
        UniformRandomProvider seeds = RandomSource.SPLIT_MIX_64.create(seed);
        UniformRandomProvider lossRandom = RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong());
        this.jitterRandom = RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong());
        this.flowSeedBase = seeds.nextLong();
        this.workloads = new Workload[scenario.traffic().workloads().size()];
        for (int w = 0; w < workloads.length; w++) {
            workloads[w] = new Workload(scenario.traffic().workloads().get(w),
                    RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong()), end);
        }
        // Drawn after the older streams so that adding a queue leaves their seeds unchanged.
        UniformRandomProvider queueRandom = RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong());
        UniformRandomProvider ackLossRandom = RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong());
        LossModel.Process loss = scenario.link().lossModel().orElse(new LossModel.Bernoulli(scenario.link().randomLoss()))
                .process(lossRandom);
        this.ackLoss = scenario.path().ackLoss().map(m -> m.process(ackLossRandom)).orElse(null);
        this.ackDelayNanos = scenario.path().ackDelay().toNanos();
        List<Hop> hops = scenario.path().hops();
        Optional<Hop> reverse = scenario.path().reverseLink();
        if (scenario.link().queue().isPresent() || scenario.link().trace().isPresent() || !hops.isEmpty() || reverse.isPresent()) {
            QueueDiscipline.Setup setup = new QueueDiscipline.Setup(scenario.link().bottleneck(), scenario.link().buffer(),
                    queueRandom);
            QueueDiscipline discipline = scenario.link().queue().orElse(DropTail.factory()).create(setup);
            this.servedLinks = new ServedLink[1 + hops.size() + (reverse.isPresent() ? 1 : 0)];
            servedLinks[0] = new ServedLink(this, 0, discipline, scenario.link().bottleneck(), loss,
                    scenario.link().trace().orElse(null), end);
            for (int h = 0; h < hops.size(); h++) {
                servedLinks[h + 1] = served(h + 1, hops.get(h), null, seeds.nextLong());
            }
            this.reverseIndex = reverse.isPresent() ? hops.size() + 1 : -1;
            if (reverse.isPresent()) {
                servedLinks[reverseIndex] = served(reverseIndex, reverse.get(), scenario.path().reverseTrace().orElse(null),
                        seeds.nextLong());
            }
            this.bottleneck = null;
        } else {
            this.bottleneck = new Bottleneck(scenario.link().bottleneck(), scenario.link().buffer(), scenario.link().ecnThreshold(), loss,
                    end);
            this.servedLinks = new ServedLink[0];
            this.reverseIndex = -1;
        }
        this.delays = new DelayRecorder(scenario.measurement().delaySampleEvery());
        this.totalBins = new ThroughputBins(binNanos, 0, binCount);
        this.totalGoodputBins = new ThroughputBins(binNanos, 0, binCount);
        this.ackJitterNanos = scenario.variation().ackJitter().toNanos();
        // Drawn last so that the variation leaves every older stream's seed unchanged.
        this.startJitterNanos = scenario.variation().startJitter().toNanos();
        this.startRandom = RandomSource.XO_RO_SHI_RO_128_PP.create(seeds.nextLong());
    }

    private ServedLink served(int index, Hop hop, DeliveryTrace trace, long queueSeed) {
        QueueDiscipline.Setup setup = new QueueDiscipline.Setup(hop.rate(), hop.buffer(),
                RandomSource.XO_RO_SHI_RO_128_PP.create(queueSeed));
        return new ServedLink(this, index, hop.queue().orElse(DropTail.factory()).create(setup), hop.rate(), null,
                trace, end);
    }

    void schedule(long time, int index, int type) {
        queue.push(time, index << TYPE_BITS | type);
    }

    /** A flow sends a data packet into the bottleneck at {@code now}. */
    void send(Flow flow, long seg, long sentAt, int wireBytes, Ecn ecn, long now) {
        if (bottleneck != null) {
            long departure = bottleneck.enqueue(now, wireBytes, ecn.capable());
            if (departure != Bottleneck.DROPPED) {
                flow.departed(seg, sentAt, wireBytes, bottleneck.lastMarked, departure);
            }
        } else {
            servedLinks[flow.dataRoute[0]].offer(new Packet(flow.id, seg, sentAt, wireBytes, ecn), now);
        }
    }

    /** A flow's receiver sends its ACK number {@code index} into the first link of the ACK route. */
    void sendAck(Flow flow, long index, long now) {
        servedLinks[flow.ackRoute[0]].offer(new Packet(flow.id, index, now, Wire.HEADER, Ecn.NOT_ECT), now);
    }

    /**
     * A packet left served link {@code link} at {@code time}: on to the next link of its route, or
     * to its propagation delay. Whether it is data or an ACK follows from the link's direction
     * and the flow's, so packets need no tag.
     */
    void departed(Packet p, int link, long time) {
        Flow flow = flows.get(p.flow());
        boolean ack = (link == reverseIndex) != flow.reverse;
        int[] route = ack ? flow.ackRoute : flow.dataRoute;
        int at = 0;
        while (route[at] != link) {
            at++;
        }
        if (at + 1 < route.length) {
            servedLinks[route[at + 1]].offer(p, time);
        } else if (ack) {
            flow.ackDeparted(p.segment(), time);
        } else {
            flow.departed(p.segment(), p.sentAt(), p.bytes(), p.ecn() == Ecn.CE, time);
        }
    }

    void scheduleLink(int link, long time) {
        schedule(time, link, LINK);
    }

    long ackJitter() {
        return ackJitterNanos == 0 ? 0 : jitterRandom.nextLong(ackJitterNanos + 1);
    }

    Trace run() {
        List<FlowSpec> specs = scenario.traffic().flows();
        for (int i = 0; i < specs.size(); i++) {
            FlowSpec f = specs.get(i);
            String label = f.label() != null ? f.label() : "flow-" + i;
            long size = f.sizeBytes().isPresent() ? f.sizeBytes().getAsLong() : -1;
            long start = f.start().toNanos() + (startJitterNanos == 0 ? 0 : startRandom.nextLong(startJitterNanos + 1));
            Flow flow = newFlow(label, FlowResult.Kind.INDIVIDUAL, f.cca(), f.oneWayDelay().toNanos(),
                    start, size, f.reverse(), f.path());
            schedule(flow.start, flow.id, START);
        }
        for (int w = 0; w < workloads.length; w++) {
            long first = workloads[w].next(workloads[w].spec.start().toNanos());
            if (first < workloads[w].stop) {
                schedule(first, w, ARRIVAL);
            }
        }
        loop();
        List<FlowResult> results = new ArrayList<>(flows.size());
        int[] firstBins = new int[flows.size()];
        double[][] flowMbps = new double[flows.size()][];
        double[][] flowGoodput = new double[flows.size()][];
        for (Flow f : flows) {
            results.add(f.result(end));
            firstBins[f.id] = f.bins.firstBin();
            flowMbps[f.id] = f.bins.megabitsPerSecond(end, false);
            flowGoodput[f.id] = f.goodputBins.megabitsPerSecond(end, false);
        }
        Throughput throughput = new Throughput(binNanos / 1e9, end / 1e9, totalBins.megabitsPerSecond(end, true),
                firstBins, flowMbps);
        Throughput goodput = new Throughput(binNanos / 1e9, end / 1e9, totalGoodputBins.megabitsPerSecond(end, true),
                firstBins, flowGoodput);
        LinkStats link = bottleneck != null ? bottleneck.stats() : servedLinks[0].stats();
        List<LinkStats> hopStats = new ArrayList<>();
        for (int h = 1; h <= scenario.path().hops().size(); h++) {
            hopStats.add(servedLinks[h].stats());
        }
        Optional<LinkStats> reverseStats = reverseIndex < 0 ? Optional.empty()
                : Optional.of(servedLinks[reverseIndex].stats());
        return new Trace(scenario, seed, results, delays.samples(), throughput, goodput, link, hopStats, reverseStats,
                events);
    }

    private Flow newFlow(String label, FlowResult.Kind kind, org.triscale.emulator.cca.Cca cca,
                         long oneWayDelay, long start, long size, boolean reverse, List<Integer> path) {
        int id = flows.size();
        int[] forward = path.isEmpty()
                ? java.util.stream.IntStream.rangeClosed(0, scenario.path().hops().size()).toArray()
                : path.stream().mapToInt(Integer::intValue).toArray();
        int[] toReverse = reverseIndex < 0 ? new int[0] : new int[] {reverseIndex};
        Flow flow = new Flow(this, id, label, kind, cca, oneWayDelay, start, size, flowSeedBase + id * SEED_STEP,
                reverse, reverse ? toReverse : forward, reverse ? forward : toReverse);
        flows.add(flow);
        return flow;
    }

    ThroughputBins newBins(long from) {
        return new ThroughputBins(binNanos, from, binCount);
    }

    private void loop() {
        EventQueue q = queue;
        List<Flow> fl = flows;
        while (!q.isEmpty()) {
            long time = q.peekTime();
            if (time > end) {
                break;
            }
            int id = q.peekId();
            q.pop();
            events++;
            int index = id >>> TYPE_BITS;
            switch (id & TYPE_MASK) {
                case DATA -> fl.get(index).onDataArrival(time);
                case ACK -> fl.get(index).onAckArrival(time);
                case RTO -> fl.get(index).onRtoTimer(time);
                case PACE -> fl.get(index).onPaceTimer(time);
                case DELAYED_ACK -> fl.get(index).onDelayedAckTimer(time);
                case START -> fl.get(index).onStart(time);
                case ARRIVAL -> arrival(index, time);
                case LINK -> servedLinks[index].onTransmitted(time);
                default -> throw new IllegalStateException("unknown event type in id " + id);
            }
        }
    }

    private void arrival(int index, long time) {
        Workload w = workloads[index];
        FctWorkload spec = w.spec;
        int arrival = w.arrivals++;
        for (int sender = 0; sender < spec.fanIn(); sender++) {
            String label = "fct-" + index + "-" + arrival + (spec.fanIn() > 1 ? "-" + sender : "");
            Flow flow = newFlow(label, FlowResult.Kind.WORKLOAD, spec.cca(), spec.oneWayDelay().toNanos(), time,
                    w.sizes.next(), false, List.of());
            flow.onStart(time);
        }
        long next = w.next(time);
        if (next < w.stop) {
            schedule(next, index, ARRIVAL);
        }
    }
}
