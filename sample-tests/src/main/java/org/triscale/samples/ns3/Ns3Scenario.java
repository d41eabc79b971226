package org.triscale.samples.ns3;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * One configuration of the ns-3 dumbbell scenario: bottleneck, paths, buffer, CCA, workload and
 * timing. Immutable; built with {@link #dumbbell()}, whose methods check each value at once and
 * {@link Builder#build()} checks them together.
 *
 * <pre>{@code
 * Ns3Scenario scenario = Ns3Scenario.dumbbell()
 *         .bottleneckMbps(50).rttsMs(40).bufferPackets(167)
 *         .cca(Cca.CUBIC).bulk()
 *         .duration(Duration.ofSeconds(10))
 *         .build();
 * }</pre>
 */
public final class Ns3Scenario {
    /** Largest bottleneck rate accepted, Mbit/s (ns-3's cost grows with the packet rate). */
    public static final double MAX_RATE_MBPS = 10_000;
    /** Largest base RTT accepted, ms. */
    public static final double MAX_RTT_MS = 10_000;
    /** Most sender/receiver pairs (RTTs) accepted. */
    public static final int MAX_PAIRS = 256;
    /** Largest simulated duration accepted. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Most FCT flows the scenario can create in one run (each uses its own port). */
    static final int MAX_FLOWS = 50_000;

    private final double bottleneckMbps;
    private final List<Double> rttsMs;
    private final int bufferPackets;
    private final Cca cca;
    private final Workload workload;
    private final Duration duration;
    private final Duration drain;
    private final Duration sampleInterval;
    private final Duration startJitter;
    private final Duration bottleneckDelay;
    private final int ecnThresholdPackets;
    private final Duration meanInterArrival;
    private final long sizeP5Bytes;
    private final long sizeP95Bytes;
    private final Duration warmup;
    private final Cca competitor;
    private final double competitorRttMs;
    private final int queueDelayEvery;

    private Ns3Scenario(Builder b) {
        bottleneckMbps = b.bottleneckMbps;
        rttsMs = List.copyOf(b.rttsMs);
        bufferPackets = b.bufferPackets;
        cca = b.cca;
        workload = b.workload;
        duration = b.duration;
        drain = b.drain;
        sampleInterval = b.sampleInterval;
        startJitter = b.startJitter;
        bottleneckDelay = b.bottleneckDelay;
        ecnThresholdPackets = b.ecnThresholdPackets;
        meanInterArrival = b.meanInterArrival;
        sizeP5Bytes = b.sizeP5Bytes;
        sizeP95Bytes = b.sizeP95Bytes;
        warmup = b.warmup;
        competitor = b.competitor;
        competitorRttMs = Double.isNaN(b.competitorRttMs) ? b.rttsMs.get(0) : b.competitorRttMs;
        queueDelayEvery = b.queueDelayEvery;
    }

    /**
     * Starts a scenario with the defaults: 50 Mbit/s, one path of 40 ms RTT, 100-packet buffer, CUBIC,
     * bulk workload, 10 s, 100 ms throughput bins, bulk starts jittered over 100 ms.
     *
     * @return a builder
     */
    public static Builder dumbbell() {
        return new Builder();
    }

    /**
     * The scenario's command-line arguments, without {@code --RngRun}.
     *
     * @return arguments such as {@code --rateMbps=50}
     */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        args.add("--rateMbps=" + plain(bottleneckMbps));
        StringJoiner rtts = new StringJoiner(",");
        rttsMs.forEach(rtt -> rtts.add(plain(rtt)));
        args.add("--rtts=" + rtts);
        args.add("--buffer=" + bufferPackets);
        args.add("--cca=" + cca.scenarioName());
        args.add("--workload=" + (workload == Workload.BULK ? "bulk" : "fct"));
        args.add("--duration=" + seconds(duration));
        args.add("--drain=" + seconds(drain));
        args.add("--interval=" + seconds(sampleInterval));
        args.add("--startJitter=" + seconds(startJitter));
        args.add("--qdelayEvery=" + queueDelayEvery);
        if (bottleneckDelay != null) {
            args.add("--bottleneckDelay=" + plain(bottleneckDelay.toNanos() / 1e6));
        }
        if (ecnThresholdPackets > 0) {
            args.add("--queue=red");
            args.add("--ecnK=" + ecnThresholdPackets);
        }
        if (workload == Workload.FCT) {
            args.add("--meanInterArrival=" + seconds(meanInterArrival));
            args.add("--sizeP5=" + sizeP5Bytes);
            args.add("--sizeP95=" + sizeP95Bytes);
            args.add("--warmup=" + seconds(warmup));
            if (competitor != null) {
                args.add("--competitor=" + competitor.scenarioName());
                args.add("--competitorRtt=" + plain(competitorRttMs));
            }
        }
        return List.copyOf(args);
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    /** @return bottleneck rate in Mbit/s */
    public double bottleneckMbps() {
        return bottleneckMbps;
    }

    /** @return base RTTs in ms, one per sender/receiver pair */
    public List<Double> rttsMs() {
        return rttsMs;
    }

    /** @return bottleneck buffer (queue disc size) in packets */
    public int bufferPackets() {
        return bufferPackets;
    }

    /** @return the CCA of the pairs */
    public Cca cca() {
        return cca;
    }

    /** @return the workload */
    public Workload workload() {
        return workload;
    }

    /** @return how long bulk flows run and FCT flows arrive */
    public Duration duration() {
        return duration;
    }

    /** @return extra simulated time after {@link #duration()} without new arrivals */
    public Duration drain() {
        return drain;
    }

    /** @return total simulated time, duration plus drain */
    public Duration simulatedTime() {
        return duration.plus(drain);
    }

    /** @return width of the throughput bins */
    public Duration sampleInterval() {
        return sampleInterval;
    }

    /** @return the competing bulk flow's CCA, if the FCT workload has one */
    public Optional<Cca> competitor() {
        return Optional.ofNullable(competitor);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ns3Scenario scenario && arguments().equals(scenario.arguments());
    }

    @Override
    public int hashCode() {
        return arguments().hashCode();
    }

    @Override
    public String toString() {
        return "Ns3Scenario" + arguments();
    }

    /** Fluent builder of {@link Ns3Scenario}; each setter validates its argument. */
    public static final class Builder {
        private double bottleneckMbps = 50;
        private List<Double> rttsMs = List.of(40.0);
        private int bufferPackets = 100;
        private Cca cca = Cca.CUBIC;
        private Workload workload = Workload.BULK;
        private Duration duration = Duration.ofSeconds(10);
        private Duration drain = Duration.ZERO;
        private Duration sampleInterval = Duration.ofMillis(100);
        private Duration startJitter = Duration.ofMillis(100);
        private Duration bottleneckDelay;
        private int ecnThresholdPackets;
        private Duration meanInterArrival = Duration.ofMillis(200);
        private long sizeP5Bytes = 65_536;
        private long sizeP95Bytes = 2_097_152;
        private Duration warmup = Duration.ZERO;
        private Cca competitor;
        private double competitorRttMs = Double.NaN;
        private int queueDelayEvery = 1;
        private final List<String> fctOnlySettings = new ArrayList<>();

        private Builder() {
        }

        /**
         * Sets the bottleneck rate.
         *
         * @param mbps rate in Mbit/s, in (0, 10000]
         * @return this builder
         */
        public Builder bottleneckMbps(double mbps) {
            if (!(mbps > 0 && mbps <= MAX_RATE_MBPS)) {
                throw new IllegalArgumentException("bottleneckMbps must be in (0, " + plain(MAX_RATE_MBPS)
                        + "] Mbit/s, got " + mbps + "; pass the bottleneck link rate, e.g. 50");
            }
            bottleneckMbps = mbps;
            return this;
        }

        /**
         * Sets the base (propagation) RTTs: one sender/receiver pair per value.
         *
         * @param rttsMs RTTs in ms, each in (0, 10000], 1 to 256 of them
         * @return this builder
         */
        public Builder rttsMs(double... rttsMs) {
            if (rttsMs == null || rttsMs.length == 0 || rttsMs.length > MAX_PAIRS) {
                throw new IllegalArgumentException("rttsMs needs 1 to " + MAX_PAIRS + " values (one per sender), got "
                        + (rttsMs == null ? "null" : rttsMs.length + " values"));
            }
            for (double rtt : rttsMs) {
                checkRtt("rttsMs", rtt);
            }
            this.rttsMs = Arrays.stream(rttsMs).boxed().toList();
            return this;
        }

        /**
         * Sets the bottleneck buffer (the DropTail queue disc's size).
         *
         * @param packets size in packets, at least 1 (a BDP is {@code rate * rtt / (1500 * 8)} packets)
         * @return this builder
         */
        public Builder bufferPackets(int packets) {
            if (packets < 1 || packets > 1_000_000) {
                throw new IllegalArgumentException("bufferPackets must be in [1, 1000000] packets, got " + packets);
            }
            bufferPackets = packets;
            return this;
        }

        /**
         * Sets the CCA of every sender (and its receiver).
         *
         * @param cca the CCA
         * @return this builder
         */
        public Builder cca(Cca cca) {
            this.cca = Objects.requireNonNull(cca, "cca must not be null; pick one of Cca.values()");
            return this;
        }

        /**
         * Selects the bulk workload: one unlimited flow per sender.
         *
         * @return this builder
         */
        public Builder bulk() {
            workload = Workload.BULK;
            return this;
        }

        /**
         * Selects the FCT workload: Poisson arrivals (mean inter-arrival 200 ms unless set) of flows with
         * lognormal sizes (P5 64 KiB, P95 2 MiB unless set), assigned to the senders round-robin.
         *
         * @return this builder
         */
        public Builder fct() {
            workload = Workload.FCT;
            return this;
        }

        /**
         * Sets the simulated time during which bulk flows run and FCT flows arrive.
         *
         * @param duration positive, at most one hour
         * @return this builder
         */
        public Builder duration(Duration duration) {
            this.duration = positive("duration", duration, MAX_DURATION);
            return this;
        }

        /**
         * Sets extra simulated time after the duration so that late FCT flows can finish.
         *
         * @param drain zero or positive, at most one hour
         * @return this builder
         */
        public Builder drain(Duration drain) {
            this.drain = nonNegative("drain", drain, MAX_DURATION);
            return this;
        }

        /**
         * Sets the width of the throughput bins.
         *
         * @param interval positive, at most the duration (checked by {@link #build()})
         * @return this builder
         */
        public Builder sampleInterval(Duration interval) {
            sampleInterval = positive("sampleInterval", interval, MAX_DURATION);
            return this;
        }

        /**
         * Sets the window over which bulk flows start, uniformly at random (seeded); the default
         * 100 ms makes runs with different seeds differ even with one bulk flow.
         *
         * @param jitter zero or positive, less than the duration (checked by {@link #build()})
         * @return this builder
         */
        public Builder startJitter(Duration jitter) {
            startJitter = nonNegative("startJitter", jitter, MAX_DURATION);
            return this;
        }

        /**
         * Sets the bottleneck link's one-way delay; the access links take the rest of each RTT.
         * Default: a quarter of the smallest RTT.
         *
         * @param delay zero or positive, at most half the smallest RTT (checked by {@link #build()})
         * @return this builder
         */
        public Builder bottleneckDelay(Duration delay) {
            bottleneckDelay = nonNegative("bottleneckDelay", delay, Duration.ofMillis((long) MAX_RTT_MS));
            return this;
        }

        /**
         * Makes the bottleneck mark ECN when its queue holds at least {@code packets} (a RED queue disc
         * used as a step marker). Without this call the scenario marks only when a flow uses DCTCP, at
         * {@code ceil(BDP / 7)} packets for the smallest RTT.
         *
         * @param packets marking threshold K, in [1, bufferPackets] (checked by {@link #build()})
         * @return this builder
         */
        public Builder ecnMarkingThreshold(int packets) {
            if (packets < 1) {
                throw new IllegalArgumentException("ecnMarkingThreshold must be >= 1 packet, got " + packets);
            }
            ecnThresholdPackets = packets;
            return this;
        }

        /**
         * Sets the mean time between FCT flow arrivals (FCT workload only).
         *
         * @param mean positive
         * @return this builder
         */
        public Builder meanInterArrival(Duration mean) {
            meanInterArrival = positive("meanInterArrival", mean, MAX_DURATION);
            fctOnlySettings.add("meanInterArrival");
            return this;
        }

        /**
         * Sets the lognormal flow-size distribution by its 5th and 95th percentiles (FCT workload only).
         *
         * @param p5Bytes  5th percentile in bytes, positive
         * @param p95Bytes 95th percentile in bytes, greater than {@code p5Bytes}
         * @return this builder
         */
        public Builder flowSizePercentiles(long p5Bytes, long p95Bytes) {
            if (p5Bytes < 1 || p95Bytes <= p5Bytes) {
                throw new IllegalArgumentException("flow size percentiles need 0 < p5Bytes < p95Bytes, got p5Bytes="
                        + p5Bytes + ", p95Bytes=" + p95Bytes + "; the default is 65536 and 2097152");
            }
            sizeP5Bytes = p5Bytes;
            sizeP95Bytes = p95Bytes;
            fctOnlySettings.add("flowSizePercentiles");
            return this;
        }

        /**
         * Delays the first FCT arrival window (FCT workload only), e.g. to let a competitor settle.
         *
         * @param warmup zero or positive, less than the duration (checked by {@link #build()})
         * @return this builder
         */
        public Builder warmup(Duration warmup) {
            this.warmup = nonNegative("warmup", warmup, MAX_DURATION);
            fctOnlySettings.add("warmup");
            return this;
        }

        /**
         * Adds one long competing bulk flow with its own CCA on a path with the first RTT (FCT workload only).
         *
         * @param cca the competitor's CCA
         * @return this builder
         */
        public Builder competingBulkFlow(Cca cca) {
            competitor = Objects.requireNonNull(cca, "competitor cca must not be null");
            competitorRttMs = Double.NaN;
            fctOnlySettings.add("competingBulkFlow");
            return this;
        }

        /**
         * Adds one long competing bulk flow with its own CCA and RTT (FCT workload only).
         *
         * @param cca   the competitor's CCA
         * @param rttMs its base RTT in ms, in (0, 10000]
         * @return this builder
         */
        public Builder competingBulkFlow(Cca cca, double rttMs) {
            competingBulkFlow(cca);
            competitorRttMs = checkRtt("competitor rttMs", rttMs);
            return this;
        }

        /**
         * Keeps every k-th queue-delay sample only, to shorten the output of long fast runs.
         *
         * @param k at least 1 (1 keeps every packet's sample)
         * @return this builder
         */
        public Builder queueDelayEvery(int k) {
            if (k < 1) {
                throw new IllegalArgumentException("queueDelayEvery must be >= 1 (1 keeps every packet), got " + k);
            }
            queueDelayEvery = k;
            return this;
        }

        /**
         * Checks the settings together and builds the scenario.
         *
         * @return the scenario
         * @throws IllegalArgumentException if settings conflict
         */
        public Ns3Scenario build() {
            if (workload == Workload.BULK && !fctOnlySettings.isEmpty()) {
                throw new IllegalArgumentException(String.join(", ", fctOnlySettings)
                        + " only apply to the FCT workload; call fct() or remove them");
            }
            if (sampleInterval.compareTo(duration) > 0) {
                throw new IllegalArgumentException("sampleInterval (" + sampleInterval + ") must not exceed duration ("
                        + duration + ")");
            }
            if (startJitter.compareTo(duration) >= 0) {
                throw new IllegalArgumentException("startJitter (" + startJitter + ") must be less than duration ("
                        + duration + ")");
            }
            if (workload == Workload.FCT && warmup.compareTo(duration) >= 0) {
                throw new IllegalArgumentException("warmup (" + warmup + ") must be less than duration (" + duration
                        + "), or no FCT flow can arrive");
            }
            if (ecnThresholdPackets > bufferPackets) {
                throw new IllegalArgumentException("ecnMarkingThreshold (" + ecnThresholdPackets
                        + " packets) must not exceed bufferPackets (" + bufferPackets + ")");
            }
            double minRtt = rttsMs.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            if (competitor != null && !Double.isNaN(competitorRttMs)) {
                minRtt = Math.min(minRtt, competitorRttMs);
            }
            if (bottleneckDelay != null && bottleneckDelay.toNanos() / 1e6 > minRtt / 2) {
                throw new IllegalArgumentException("bottleneckDelay (" + bottleneckDelay + ") must be at most half the"
                        + " smallest RTT (" + minRtt + " ms)");
            }
            if (workload == Workload.FCT) {
                double expected = (duration.toNanos() - warmup.toNanos()) / (double) meanInterArrival.toNanos();
                if (expected > MAX_FLOWS * 0.8) {
                    throw new IllegalArgumentException("about " + Math.round(expected) + " FCT flows would arrive, more"
                            + " than the scenario supports (" + MAX_FLOWS + " at most); raise meanInterArrival or"
                            + " shorten duration");
                }
            }
            return new Ns3Scenario(this);
        }

        private static double checkRtt(String name, double rtt) {
            if (!(rtt > 0 && rtt <= MAX_RTT_MS)) {
                throw new IllegalArgumentException(name + " values must be in (0, " + plain(MAX_RTT_MS) + "] ms, got "
                        + rtt + "; pass base round-trip times in milliseconds, e.g. 40");
            }
            return rtt;
        }

        private static Duration positive(String name, Duration value, Duration max) {
            if (value == null || value.isNegative() || value.isZero() || value.compareTo(max) > 0) {
                throw new IllegalArgumentException(name + " must be positive and at most " + max + ", got " + value);
            }
            return value;
        }

        private static Duration nonNegative(String name, Duration value, Duration max) {
            if (value == null || value.isNegative() || value.compareTo(max) > 0) {
                throw new IllegalArgumentException(name + " must be zero or positive and at most " + max + ", got "
                        + value);
            }
            return value;
        }
    }
}
