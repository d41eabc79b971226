package org.triscale.emulator;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;
import org.triscale.emulator.base.Check;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.link.Hop;
import org.triscale.emulator.link.LossModel;
import org.triscale.emulator.queue.BufferSize;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.queue.QueueDiscipline;
import org.triscale.emulator.workload.FctWorkload;

/**
 * A dumbbell path and what runs over it: N senders share one bottleneck link towards their
 * receivers. The bottleneck is a DropTail FIFO (with an optional ECN marking threshold) or a
 * {@link QueueDiscipline} such as CoDel or DualPI2, served at a constant rate or by a
 * {@link DeliveryTrace}, with optional random or bursty loss before it and an optional ACK-path
 * delay and loss behind it.
 * Build one with {@link #dumbbell()}:
 *
 * <pre>{@code
 * Scenario s = Scenario.dumbbell()
 *         .bottleneck(Rate.mbps(50))
 *         .buffer(Packets.of(450))
 *         .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(90)))
 *         .duration(Duration.ofSeconds(30))
 *         .build();
 * Trace trace = Emulator.run(s, seed);
 * }</pre>
 *
 * <p>The scenario is made of named parts, each a record that validates itself; the builder is the
 * stable way to make one (a new setting is a new builder method with a default, and a new
 * component of one part). Runs vary with the seed by default ({@link Variation#HOST_NOISE});
 * {@link Builder#deterministicAcrossSeeds()} turns that off.
 *
 * @param link        the bottleneck link: rate, buffer, queue discipline, loss before it, trace
 * @param path        the links after the bottleneck and the return path
 * @param hosts       the TCP settings of the senders and receivers
 * @param traffic     the individual flows and the FCT workloads
 * @param measurement the run's length and what is recorded
 * @param variation   the seeded run-to-run variation
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Scenario(Link link, NetworkPath path, Hosts hosts, Traffic traffic, Measurement measurement,
                       Variation variation) {
    private static final Duration MAX_DURATION = Duration.ofHours(1);
    private static final int MAX_INITIAL_WINDOW = 1000;
    private static final long MAX_BINS = 10_000_000L;

    /**
     * Validates what spans the parts (each part validates itself).
     *
     * @param link        the bottleneck link
     * @param path        the links after the bottleneck and the return path
     * @param hosts       the TCP settings of the hosts
     * @param traffic     the flows and workloads
     * @param measurement the run's length and recording
     * @param variation   the seeded run-to-run variation
     * @throws IllegalArgumentException naming the first invalid parameter and how to fix it
     */
    public Scenario {
        Check.notNull("link", link, "Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(450))");
        Check.notNull("path", path, "Scenario.NetworkPath.DIRECT");
        Check.notNull("hosts", hosts, "Scenario.Hosts.LINUX");
        Check.notNull("traffic", traffic, "a Traffic with flow(f -> f.cca(Cca.CUBIC))");
        Check.notNull("measurement", measurement, "Scenario.Measurement.of(Duration.ofSeconds(30))");
        Check.notNull("variation", variation, "Variation.HOST_NOISE");
        Duration duration = measurement.duration();
        List<FlowSpec> flows = traffic.flows();
        for (int i = 0; i < flows.size(); i++) {
            Duration latest = flows.get(i).start().plus(variation.startJitter());
            if (latest.compareTo(duration) >= 0) {
                throw new IllegalArgumentException("flow " + i + " starts at " + flows.get(i).start()
                        + (variation.startJitter().isZero() ? "" : " plus up to " + variation.startJitter()
                        + " of start jitter") + ", not before the end of the run (" + duration
                        + "); start it earlier or run longer");
            }
        }
        List<FctWorkload> workloads = traffic.workloads();
        for (int i = 0; i < workloads.size(); i++) {
            if (workloads.get(i).start().compareTo(duration) >= 0) {
                throw new IllegalArgumentException("FCT workload " + i + " starts at " + workloads.get(i).start()
                        + ", not before the end of the run (" + duration + "); start it earlier or run longer");
            }
        }
        if (path.reverseLink().isPresent() && link.ecnThreshold().isPresent()) {
            throw new IllegalArgumentException("ecnThreshold applies to the DropTail fast path only, but a reverse "
                    + "link is set; use queue(DropTail.withMarkThreshold(" + link.ecnThreshold().getAsInt() + "))");
        }
        List<Hop> hops = path.hops();
        for (FlowSpec f : flows) {
            if (f.reverse() && path.reverseLink().isEmpty()) {
                throw new IllegalArgumentException("flow " + (f.label() != null ? f.label() : f.cca().name())
                        + " is reverse but the scenario has no reverse link; add reverseLink(Hop.dropTail(...))");
            }
            if (!f.path().isEmpty() && f.path().get(f.path().size() - 1) > hops.size()) {
                throw new IllegalArgumentException("flow path " + f.path() + " names link "
                        + f.path().get(f.path().size() - 1) + " but the scenario has links 0 to " + hops.size()
                        + " (0 the bottleneck, h the h-th hop); add hops or shorten the path");
            }
        }
    }

    /**
     * The bottleneck link.
     *
     * @param bottleneck   its rate
     * @param buffer       size of its buffer; without a queue discipline a DropTail buffer that
     *                     counts the packet on the wire, with one the discipline's limit on queued
     *                     packets (as a Linux qdisc's {@code limit})
     * @param ecnThreshold DropTail only: mark an ECN-capable packet that arrives when K or more
     *                     packets are in the buffer, the one on the wire included; empty for no
     *                     marking
     * @param queue        the queue discipline (AQM); empty for the DropTail fast path
     * @param randomLoss   probability that the bottleneck drops a data packet at random, in [0, 1)
     * @param lossModel    random loss of data packets before the bottleneck, instead of
     *                     {@code randomLoss}; empty for {@code randomLoss}
     * @param trace        a mahimahi delivery trace that drives the link instead of its constant
     *                     rate; empty for the constant rate
     */
    public record Link(Rate bottleneck, BufferSize buffer, OptionalInt ecnThreshold,
                       Optional<QueueDiscipline.Factory> queue, double randomLoss, Optional<LossModel> lossModel,
                       Optional<DeliveryTrace> trace) {
        /**
         * Validates the link.
         *
         * @param bottleneck   its rate
         * @param buffer       size of its buffer
         * @param ecnThreshold DropTail only: the ECN marking threshold K, &gt;= 1; empty for none
         * @param queue        the queue discipline; empty for DropTail
         * @param randomLoss   in [0, 1)
         * @param lossModel    instead of {@code randomLoss}; empty for {@code randomLoss}
         * @param trace        a delivery trace; empty for the constant rate
         * @throws IllegalArgumentException naming the first invalid parameter and how to fix it
         */
        public Link {
            Check.notNull("bottleneck", bottleneck, "bottleneck(Rate.mbps(50))");
            Check.notNull("buffer", buffer, "buffer(Packets.of(450))");
            Check.notNull("ecnThreshold", ecnThreshold, "OptionalInt.empty() for no ECN marking");
            if (ecnThreshold.isPresent() && ecnThreshold.getAsInt() < 1) {
                throw new IllegalArgumentException("ecnThreshold must be >= 1 packet, got " + ecnThreshold.getAsInt()
                        + "; use for example ecnThreshold(20), or leave it unset for no marking");
            }
            Check.notNull("queue", queue, "Optional.empty() for DropTail");
            if (queue.isPresent() && ecnThreshold.isPresent()) {
                throw new IllegalArgumentException("ecnThreshold applies to the DropTail fast path only, but a queue "
                        + "discipline is set; use queue(DropTail.withMarkThreshold(" + ecnThreshold.getAsInt()
                        + ")) or leave the queue unset");
            }
            if (!(randomLoss >= 0 && randomLoss < 1)) {
                throw new IllegalArgumentException("randomLoss must be a probability in [0, 1), got " + randomLoss
                        + "; use for example randomLoss(0.001) for 0.1 %");
            }
            Check.notNull("lossModel", lossModel, "Optional.empty()");
            if (lossModel.isPresent() && randomLoss > 0) {
                throw new IllegalArgumentException("randomLoss (" + randomLoss + ") and lossModel are both set; "
                        + "use lossModel(new LossModel.Bernoulli(" + randomLoss + ")) alone");
            }
            Check.notNull("trace", trace, "Optional.empty()");
        }
    }

    /**
     * The links after the bottleneck and the return path of the ACKs.
     *
     * @param hops         further links every flow's data crosses after the bottleneck, in order
     *                     (unless a flow's path names fewer)
     * @param reverseLink  the link of the ACK direction: the forward flows' ACKs and the reverse
     *                     flows' data queue there; empty for an uncongested return path
     * @param reverseTrace a mahimahi delivery trace (the uplink of a pair) that drives the reverse
     *                     link; empty for its constant rate
     * @param ackDelay     extra one-way delay of the return path, in [0, 10 s] (an asymmetric path)
     * @param ackLoss      random loss of ACKs on the return path; empty for none
     */
    public record NetworkPath(List<Hop> hops, Optional<Hop> reverseLink, Optional<DeliveryTrace> reverseTrace,
                              Duration ackDelay, Optional<LossModel> ackLoss) {
        /** No hop after the bottleneck, an uncongested return path without extra delay or loss. */
        public static final NetworkPath DIRECT = new NetworkPath(List.of(), Optional.empty(), Optional.empty(),
                Duration.ZERO, Optional.empty());

        /**
         * Validates the path.
         *
         * @param hops         further links after the bottleneck
         * @param reverseLink  the link of the ACK direction; empty for none
         * @param reverseTrace a trace for the reverse link; empty for its constant rate
         * @param ackDelay     in [0, 10 s]
         * @param ackLoss      random loss of ACKs; empty for none
         * @throws IllegalArgumentException naming the first invalid parameter and how to fix it
         */
        public NetworkPath {
            Check.notNull("hops", hops, "List.of()");
            hops = List.copyOf(hops);
            Check.notNull("reverseLink", reverseLink, "Optional.empty()");
            Check.notNull("reverseTrace", reverseTrace, "Optional.empty()");
            if (reverseTrace.isPresent() && reverseLink.isEmpty()) {
                throw new IllegalArgumentException("reverseTrace needs a reverse link (its buffer and queue); "
                        + "use reverseLink(Hop.dropTail(rate, Packets.of(100))) or reverseTrace(trace, buffer)");
            }
            Check.nonNegative("ackDelay", ackDelay, "Duration.ZERO");
            Check.atMost("ackDelay", ackDelay, Duration.ofSeconds(10), "a path delay; check the unit");
            Check.notNull("ackLoss", ackLoss, "Optional.empty()");
        }
    }

    /**
     * The TCP settings of the senders and receivers.
     *
     * @param delayedAck         whether receivers delay ACKs (every second segment or 40 ms)
     * @param initialWindow      initial congestion window in segments, in [1, 1000]
     * @param receiveWindowBytes largest flight a receiver allows, in bytes, &gt;= 2 segments
     * @param lossRecovery       how senders repair losses (SACK by default, as Linux)
     * @param minRto             the smallest retransmission timeout's variance term, in
     *                           [1 ms, 10 s] (Linux's {@code tcp_rto_min}, 200 ms)
     * @param handshake          whether each flow opens with a SYN/SYN-ACK exchange, one RTT before
     *                           its first data segment
     */
    public record Hosts(boolean delayedAck, int initialWindow, long receiveWindowBytes, LossRecovery lossRecovery,
                        Duration minRto, boolean handshake) {
        /** Linux's defaults except delayed ACKs and the handshake: IW 10, 8 MiB, SACK, 200 ms. */
        public static final Hosts LINUX = new Hosts(false, 10, 8L * 1024 * 1024, LossRecovery.SACK,
                Duration.ofMillis(200), false);

        /**
         * Validates the settings.
         *
         * @param delayedAck         whether receivers delay ACKs
         * @param initialWindow      in [1, 1000] segments
         * @param receiveWindowBytes &gt;= 2 segments
         * @param lossRecovery       the loss recovery
         * @param minRto             in [1 ms, 10 s]
         * @param handshake          whether flows open with a handshake
         * @throws IllegalArgumentException naming the first invalid parameter and how to fix it
         */
        public Hosts {
            if (initialWindow < 1 || initialWindow > MAX_INITIAL_WINDOW) {
                throw new IllegalArgumentException("initialWindow must be in [1, " + MAX_INITIAL_WINDOW
                        + "] segments, got " + initialWindow + "; Linux uses 10");
            }
            if (receiveWindowBytes < 2L * Wire.MSS) {
                throw new IllegalArgumentException("receiveWindowBytes must be >= " + 2 * Wire.MSS
                        + " (two segments), got " + receiveWindowBytes + "; use for example 8 MiB");
            }
            Check.notNull("lossRecovery", lossRecovery, "LossRecovery.SACK");
            Check.positive("minRto", minRto, "Duration.ofMillis(200)");
            if (minRto.compareTo(Duration.ofMillis(1)) < 0 || minRto.compareTo(Duration.ofSeconds(10)) > 0) {
                throw new IllegalArgumentException("minRto must be in [1 ms, 10 s], got " + minRto
                        + "; Linux uses 200 ms, datacenters often 1 to 5 ms");
            }
        }
    }

    /**
     * What runs over the path.
     *
     * @param flows     the individual flows (ids 0 … n−1 in this order)
     * @param workloads the FCT workloads (their flows get the ids after the individual flows, in
     *                  arrival order)
     */
    public record Traffic(List<FlowSpec> flows, List<FctWorkload> workloads) {
        /**
         * Validates the traffic: at least one flow or workload.
         *
         * @param flows     the individual flows
         * @param workloads the FCT workloads
         * @throws IllegalArgumentException if both are empty or either is null
         */
        public Traffic {
            Check.notNull("flows", flows, "List.of()");
            Check.notNull("workloads", workloads, "List.of()");
            flows = List.copyOf(flows);
            workloads = List.copyOf(workloads);
            if (flows.isEmpty() && workloads.isEmpty()) {
                throw new IllegalArgumentException("a scenario needs at least one flow or FCT workload; "
                        + "add one with flow(f -> f.cca(Cca.CUBIC)) or fctWorkload(w -> w.cca(Cca.CUBIC))");
            }
        }
    }

    /**
     * The run's length and what is recorded.
     *
     * @param duration         simulated time of a run, in (0, 1 h]
     * @param throughputBin    width of the throughput time-series bins, in (0, duration]
     * @param delaySampleEvery keep one per-packet one-way delay sample out of this many, &gt;= 1
     */
    public record Measurement(Duration duration, Duration throughputBin, int delaySampleEvery) {
        /**
         * Validates the measurement.
         *
         * @param duration         in (0, 1 h]
         * @param throughputBin    in (0, duration], at most 10 million bins
         * @param delaySampleEvery &gt;= 1
         * @throws IllegalArgumentException naming the first invalid parameter and how to fix it
         */
        public Measurement {
            Check.positive("duration", duration, "duration(Duration.ofSeconds(30))");
            Check.atMost("duration", duration, MAX_DURATION, "simulated time of one run");
            Check.positive("throughputBin", throughputBin, "throughputBin(Duration.ofMillis(500))");
            Check.atMost("throughputBin", throughputBin, duration, "a bin cannot be longer than the run");
            if (duration.toNanos() / throughputBin.toNanos() > MAX_BINS) {
                throw new IllegalArgumentException("throughputBin " + throughputBin + " gives more than " + MAX_BINS
                        + " bins over " + duration + "; use a wider bin such as Duration.ofMillis(500)");
            }
            if (delaySampleEvery < 1) {
                throw new IllegalArgumentException("delaySampleEvery must be >= 1 (1 keeps every packet), got "
                        + delaySampleEvery);
            }
        }

        /**
         * A measurement of this length with 500 ms throughput bins and every delay sample kept.
         *
         * @param duration in (0, 1 h]
         * @return the measurement
         */
        public static Measurement of(Duration duration) {
            return new Measurement(duration, Duration.ofMillis(500), 1);
        }
    }

    /**
     * A builder of a dumbbell scenario. Required: {@code bottleneck}, {@code buffer} and at least one
     * flow or workload. Defaults: 30 s runs, 500 ms throughput bins (as Pantheon), every delay
     * sample kept, no delayed ACKs, a DropTail buffer without ECN marking, no random loss, initial
     * window 10, receive window 8 MiB, SACK loss recovery, a 200 ms minimum RTO, no handshake, and
     * the seeded variation {@link Variation#HOST_NOISE} (ACK jitter up to 10 µs, individual flows
     * started up to 10 ms late) so that runs with different seeds differ.
     *
     * @return the builder
     */
    public static Builder dumbbell() {
        return new Builder();
    }

    /**
     * The bandwidth-delay product of the bottleneck for a round-trip time, in full-size packets.
     *
     * @param rtt the round-trip time
     * @return packets, rounded up
     */
    public Packets bdp(Duration rtt) {
        return Packets.bdp(link.bottleneck(), rtt);
    }

    /** Builds a {@link Scenario}; not thread-safe. */
    public static final class Builder {
        private Rate bottleneck;
        private BufferSize buffer;
        private OptionalInt ecnThreshold = OptionalInt.empty();
        private Optional<QueueDiscipline.Factory> queue = Optional.empty();
        private double randomLoss;
        private final List<FlowSpec> flows = new ArrayList<>();
        private final List<FctWorkload> workloads = new ArrayList<>();
        private Duration duration = Duration.ofSeconds(30);
        private Duration throughputBin = Duration.ofMillis(500);
        private int delaySampleEvery = 1;
        private boolean delayedAck;
        private Variation variation = Variation.HOST_NOISE;
        private int initialWindow = 10;
        private long receiveWindowBytes = 8L * 1024 * 1024;
        private LossRecovery lossRecovery = LossRecovery.SACK;
        private Duration minRto = Duration.ofMillis(200);
        private boolean handshake;
        private Optional<LossModel> lossModel = Optional.empty();
        private Optional<LossModel> ackLoss = Optional.empty();
        private Duration ackDelay = Duration.ZERO;
        private Optional<DeliveryTrace> trace = Optional.empty();
        private final List<Hop> hops = new ArrayList<>();
        private Optional<Hop> reverseLink = Optional.empty();
        private Optional<DeliveryTrace> reverseTrace = Optional.empty();

        private Builder() {
        }

        /**
         * The bottleneck rate (required).
         *
         * @param value the rate
         * @return this builder
         */
        public Builder bottleneck(Rate value) {
            bottleneck = Check.notNull("bottleneck", value, "Rate.mbps(50)");
            return this;
        }

        /**
         * The buffer (required): DropTail's size, or the queue discipline's limit.
         *
         * @param value {@link Packets} or {@link org.triscale.emulator.queue.Bytes}
         * @return this builder
         */
        public Builder buffer(BufferSize value) {
            buffer = Check.notNull("buffer", value, "Packets.of(450)");
            return this;
        }

        /**
         * The bottleneck's queue discipline, e.g. {@code CoDel.rfc8289()} or
         * {@code FqCoDel.withFlows(1)}; {@link #buffer} is then its limit. Without one, the
         * bottleneck is a DropTail buffer served on a fast path without per-packet link events.
         *
         * @param value the discipline's factory
         * @return this builder
         */
        public Builder queue(QueueDiscipline.Factory value) {
            queue = Optional.of(Check.notNull("queue", value, "CoDel.rfc8289()"));
            return this;
        }

        /**
         * DropTail fast path only: marks an ECN-capable packet (CE) that arrives when {@code packets}
         * or more packets are in the buffer, the one on the wire included (so a packet that arrives
         * at an idle link with K = 1 is marked). Queue disciplines, like Linux qdiscs and ns-3's
         * queue discs, count only the packets waiting, one fewer while the link is busy; use
         * {@code queue(DropTail.withMarkThreshold(k))} for those semantics.
         *
         * @param packets the threshold K, &gt;= 1
         * @return this builder
         */
        public Builder ecnThreshold(int packets) {
            if (packets < 1) {
                throw new IllegalArgumentException("ecnThreshold must be >= 1 packet, got " + packets);
            }
            ecnThreshold = OptionalInt.of(packets);
            return this;
        }

        /**
         * Drops each data packet at the bottleneck with this probability, independently.
         *
         * @param probability in [0, 1)
         * @return this builder
         */
        public Builder randomLoss(double probability) {
            if (!(probability >= 0 && probability < 1)) {
                throw new IllegalArgumentException("randomLoss must be a probability in [0, 1), got " + probability);
            }
            randomLoss = probability;
            return this;
        }

        /**
         * Adds one flow configured by {@code spec}, e.g. {@code f -> f.cca(Cca.BBR).rtt(ofMillis(90))}.
         *
         * @param spec configures a {@link FlowSpec.Builder}
         * @return this builder
         */
        public Builder flow(Consumer<FlowSpec.Builder> spec) {
            return flows(1, spec);
        }

        /**
         * Adds {@code count} identical flows configured by {@code spec}.
         *
         * @param count number of flows, &gt;= 1
         * @param spec  configures a {@link FlowSpec.Builder}
         * @return this builder
         */
        public Builder flows(int count, Consumer<FlowSpec.Builder> spec) {
            if (count < 1) {
                throw new IllegalArgumentException("flow count must be >= 1, got " + count);
            }
            Check.notNull("spec", spec, "f -> f.cca(Cca.CUBIC)");
            FlowSpec.Builder b = FlowSpec.builder();
            spec.accept(b);
            FlowSpec f = b.build();
            for (int i = 0; i < count; i++) {
                flows.add(f);
            }
            return this;
        }

        /**
         * Adds a flow.
         *
         * @param value the flow
         * @return this builder
         */
        public Builder flow(FlowSpec value) {
            flows.add(Check.notNull("flow", value, "FlowSpec.builder().build()"));
            return this;
        }

        /**
         * Adds an FCT workload configured by {@code spec}.
         *
         * @param spec configures an {@link FctWorkload.Builder}
         * @return this builder
         */
        public Builder fctWorkload(Consumer<FctWorkload.Builder> spec) {
            Check.notNull("spec", spec, "w -> w.cca(Cca.CUBIC)");
            FctWorkload.Builder b = FctWorkload.builder();
            spec.accept(b);
            workloads.add(b.build());
            return this;
        }

        /**
         * Adds an FCT workload.
         *
         * @param value the workload
         * @return this builder
         */
        public Builder fctWorkload(FctWorkload value) {
            workloads.add(Check.notNull("workload", value, "FctWorkload.builder().build()"));
            return this;
        }

        /**
         * Simulated time of a run (default 30 s).
         *
         * @param value in (0, 1 h]
         * @return this builder
         */
        public Builder duration(Duration value) {
            duration = Check.positive("duration", value, "Duration.ofSeconds(30)");
            return this;
        }

        /**
         * Width of the throughput bins (default 500 ms).
         *
         * @param value &gt; 0
         * @return this builder
         */
        public Builder throughputBin(Duration value) {
            throughputBin = Check.positive("throughputBin", value, "Duration.ofMillis(500)");
            return this;
        }

        /**
         * Keeps one one-way delay sample out of {@code n} delivered packets (systematic sampling;
         * default 1, every packet).
         *
         * @param n &gt;= 1
         * @return this builder
         */
        public Builder delaySampleEvery(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("delaySampleEvery must be >= 1 (1 keeps every packet), got " + n);
            }
            delaySampleEvery = n;
            return this;
        }

        /**
         * Whether receivers delay ACKs (default false: one ACK per segment).
         *
         * @param value true to delay
         * @return this builder
         */
        public Builder delayedAck(boolean value) {
            delayedAck = value;
            return this;
        }

        /**
         * Largest random extra delay of each ACK (default 10 µs, {@link Variation#HOST_NOISE});
         * keeps the start jitter of the variation set so far.
         *
         * @param value in [0, 1 s]
         * @return this builder
         */
        public Builder ackJitter(Duration value) {
            variation = variation.withAckJitter(Check.nonNegative("ackJitter", value, "Duration.ofMillis(1)"));
            return this;
        }

        /**
         * Largest random delay of each individual flow's start (default 10 ms,
         * {@link Variation#HOST_NOISE}); keeps the ACK jitter set so far.
         *
         * @param value in [0, 10 s]
         * @return this builder
         */
        public Builder startJitter(Duration value) {
            variation = variation.withStartJitter(Check.nonNegative("startJitter", value, "Duration.ofMillis(10)"));
            return this;
        }

        /**
         * The seeded run-to-run variation (default {@link Variation#HOST_NOISE}); replaces any
         * {@link #ackJitter} or {@link #startJitter} set before.
         *
         * @param value the variation
         * @return this builder
         */
        public Builder variation(Variation value) {
            variation = Check.notNull("variation", value, "Variation.NONE");
            return this;
        }

        /**
         * No seeded variation ({@link Variation#NONE}): with nothing else random in the scenario
         * (random loss, workloads, randomised AQMs), every seed gives the bit-exact same run. For
         * tests of the emulator itself; a performance test's runs would then be one measurement
         * repeated. An {@link #ackJitter} or {@link #startJitter} set afterwards still applies.
         *
         * @return this builder
         */
        public Builder deterministicAcrossSeeds() {
            return variation(Variation.NONE);
        }

        /**
         * Initial congestion window (default 10 segments, RFC 6928).
         *
         * @param segments in [1, 1000]
         * @return this builder
         */
        public Builder initialWindow(int segments) {
            initialWindow = segments;
            return this;
        }

        /**
         * Largest flight the receivers allow (default 8 MiB).
         *
         * @param bytes &gt;= two segments
         * @return this builder
         */
        public Builder receiveWindowBytes(long bytes) {
            receiveWindowBytes = bytes;
            return this;
        }

        /**
         * How senders repair losses (default {@link LossRecovery#SACK}).
         *
         * @param value the recovery
         * @return this builder
         */
        public Builder lossRecovery(LossRecovery value) {
            lossRecovery = Check.notNull("lossRecovery", value, "LossRecovery.SACK");
            return this;
        }

        /**
         * The smallest RTO variance term (default 200 ms, Linux's {@code tcp_rto_min}).
         *
         * @param value in [1 ms, 10 s]
         * @return this builder
         */
        public Builder minRto(Duration value) {
            minRto = Check.positive("minRto", value, "Duration.ofMillis(200)");
            return this;
        }

        /**
         * Whether each flow opens with a SYN/SYN-ACK exchange one RTT before its first data segment
         * (default false: data from the first instant). The handshake gives the first RTT sample,
         * as in Linux; SYN and SYN-ACK are neither queued nor lost.
         *
         * @param value true for a handshake
         * @return this builder
         */
        public Builder handshake(boolean value) {
            handshake = value;
            return this;
        }

        /**
         * Random loss of data packets before the bottleneck, e.g. bursty
         * {@code LossModel.GilbertElliott.bursts(0.01, 4)}; replaces {@link #randomLoss}.
         *
         * @param value the model
         * @return this builder
         */
        public Builder lossModel(LossModel value) {
            lossModel = Optional.of(Check.notNull("lossModel", value, "new LossModel.Bernoulli(0.01)"));
            return this;
        }

        /**
         * Random loss of ACKs on the return path (default none).
         *
         * @param value the model
         * @return this builder
         */
        public Builder ackLoss(LossModel value) {
            ackLoss = Optional.of(Check.notNull("ackLoss", value, "new LossModel.Bernoulli(0.01)"));
            return this;
        }

        /**
         * Extra one-way delay of the return path (default 0), for asymmetric paths.
         *
         * @param value in [0, 10 s]
         * @return this builder
         */
        public Builder ackDelay(Duration value) {
            ackDelay = Check.nonNegative("ackDelay", value, "Duration.ofMillis(5)");
            return this;
        }

        /**
         * Drives the bottleneck by a mahimahi delivery trace instead of a constant rate. Sets
         * the bottleneck rate to the trace's mean rate unless a rate was set (the rate then only
         * sizes BDPs and the disciplines' parameters). Without a queue discipline the buffer is a
         * DropTail queue that, as mahimahi's, counts only waiting packets.
         *
         * @param value the trace
         * @return this builder
         */
        public Builder trace(DeliveryTrace value) {
            trace = Optional.of(Check.notNull("trace", value, "DeliveryTrace.read(Path.of(\"Verizon-LTE-short.down\"))"));
            if (bottleneck == null) {
                bottleneck = Rate.bps(value.meanBitsPerSecond());
            }
            return this;
        }

        /**
         * Adds a link that every flow's data crosses after the bottleneck (and after the hops
         * added before), e.g. {@code hop(Hop.dropTail(Rate.mbps(10), Packets.of(100)))}.
         *
         * @param value the hop
         * @return this builder
         */
        public Builder hop(Hop value) {
            hops.add(Check.notNull("hop", value, "Hop.dropTail(Rate.mbps(10), Packets.of(100))"));
            return this;
        }

        /**
         * Gives the ACK direction a link with a queue, e.g. {@code
         * reverseLink(Hop.dropTail(Rate.mbps(2), Packets.of(100)))}: every ACK (52 bytes on the
         * wire) of the forward flows queues there before its propagation delay, beside the data
         * of the reverse flows ({@code FlowSpec.Builder.reverse()}). Its queue discipline must
         * keep each flow's packets in order, as every built-in one does.
         *
         * @param value the reverse link
         * @return this builder
         */
        public Builder reverseLink(Hop value) {
            reverseLink = Optional.of(Check.notNull("reverseLink", value, "Hop.dropTail(Rate.mbps(2), Packets.of(100))"));
            return this;
        }

        /**
         * Drives the ACK direction by a mahimahi delivery trace (the uplink of a mahimahi
         * uplink/downlink pair, the downlink going to {@link #trace}), with a DropTail buffer.
         * Each delivery opportunity carries 1,500 bytes, shared by small packets such as ACKs,
         * as in mahimahi.
         *
         * @param value  the uplink trace
         * @param buffer the reverse link's buffer
         * @return this builder
         */
        public Builder reverseTrace(DeliveryTrace value, BufferSize buffer) {
            reverseTrace = Optional.of(Check.notNull("reverseTrace", value,
                    "DeliveryTrace.read(Path.of(\"Verizon-LTE-short.up\"))"));
            Check.notNull("buffer", buffer, "Packets.of(100)");
            reverseLink = Optional.of(Hop.dropTail(Rate.bps(value.meanBitsPerSecond()), buffer));
            return this;
        }

        /**
         * The scenario.
         *
         * @return the validated scenario
         * @throws IllegalArgumentException naming what is missing or invalid
         */
        public Scenario build() {
            return new Scenario(new Link(bottleneck, buffer, ecnThreshold, queue, randomLoss, lossModel, trace),
                    new NetworkPath(hops, reverseLink, reverseTrace, ackDelay, ackLoss),
                    new Hosts(delayedAck, initialWindow, receiveWindowBytes, lossRecovery, minRto, handshake),
                    new Traffic(flows, workloads), new Measurement(duration, throughputBin, delaySampleEvery),
                    variation);
        }
    }
}
