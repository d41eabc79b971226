package org.triscale.emulator.workload;

import org.triscale.emulator.Check;
import org.triscale.emulator.Rate;
import java.time.Duration;
import java.util.Optional;
import org.triscale.emulator.cca.Cca;

/**
 * A flow-completion-time workload: finite flows arriving as a Poisson process (exponential
 * inter-arrival times) with sizes drawn from {@link FlowSizes}, all with the same algorithm and
 * RTT. The defaults are those of the L4S FCT tests: a mean inter-arrival of 200 ms and lognormal
 * sizes with P5 = 64 KiB and P95 = 2 MiB (about half of a 50 Mbit/s link).
 *
 * @param cca              the congestion-control algorithm of every flow
 * @param oneWayDelay      one-way propagation delay of every flow
 * @param meanInterArrival mean time between two flow arrivals, &gt; 0
 * @param sizes            the flow-size distribution
 * @param start            time of the workload's start (the first arrival comes one random
 *                         inter-arrival time later)
 * @param stop             no flow arrives after this time; empty for the run's end
 */
public record FctWorkload(Cca cca, Duration oneWayDelay, Duration meanInterArrival, FlowSizes sizes,
                          Duration start, Optional<Duration> stop) {
    private static final Duration MAX_DELAY = Duration.ofSeconds(10);
    private static final Duration MIN_INTER_ARRIVAL = Duration.ofNanos(1000);

    /**
     * Validates the workload.
     *
     * @param cca the congestion-control algorithm of every flow
     * @param oneWayDelay one-way propagation delay of every flow
     * @param meanInterArrival mean time between two flow arrivals, &gt; 0
     * @param sizes the flow-size distribution
     * @param start time of the workload's start (the first arrival comes one random inter-arrival time later)
     * @param stop no flow arrives after this time; empty for the run's end
     * @throws IllegalArgumentException on missing parts, non-positive inter-arrival times, or a
     *                                  stop before the start
     */
    public FctWorkload {
        Check.notNull("cca", cca, "Cca.CUBIC");
        Check.nonNegative("oneWayDelay", oneWayDelay, "rtt(Duration.ofMillis(20))");
        Check.atMost("oneWayDelay", oneWayDelay, MAX_DELAY, "a path delay; check the unit");
        Check.positive("meanInterArrival", meanInterArrival, "Duration.ofMillis(200)");
        if (meanInterArrival.compareTo(MIN_INTER_ARRIVAL) < 0) {
            throw new IllegalArgumentException("meanInterArrival must be >= 1 µs, got " + meanInterArrival
                    + "; use for example Duration.ofMillis(200)");
        }
        Check.notNull("sizes", sizes, "FlowSizes.l4sWorkload()");
        Check.nonNegative("start", start, "Duration.ZERO");
        Check.notNull("stop", stop, "Optional.empty() for the run's end");
        if (stop.isPresent() && stop.get().compareTo(start) <= 0) {
            throw new IllegalArgumentException("stop must be after start (" + start + "), got " + stop.get());
        }
    }

    /**
     * A builder with the defaults: CUBIC, 20 ms RTT, 200 ms mean inter-arrival, the L4S sizes,
     * from 0 to the run's end.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The offered load: mean size over mean inter-arrival time.
     *
     * @return bits per second of payload
     */
    public Rate offeredLoad() {
        return Rate.bps(sizes.meanBytes() * 8 / (meanInterArrival.toNanos() / 1e9));
    }

    /** Builds an {@link FctWorkload}; not thread-safe. */
    public static final class Builder {
        private Cca cca = Cca.CUBIC;
        private Duration oneWayDelay = Duration.ofMillis(10);
        private Duration meanInterArrival = Duration.ofMillis(200);
        private FlowSizes sizes = FlowSizes.l4sWorkload();
        private Duration start = Duration.ZERO;
        private Optional<Duration> stop = Optional.empty();

        private Builder() {
        }

        /**
         * The algorithm of every flow (default CUBIC).
         *
         * @param value the algorithm
         * @return this builder
         */
        public Builder cca(Cca value) {
            cca = Check.notNull("cca", value, "Cca.CUBIC");
            return this;
        }

        /**
         * The base RTT of every flow: sets the one-way delay to half of it (default 20 ms).
         *
         * @param value the RTT, &gt;= 0
         * @return this builder
         */
        public Builder rtt(Duration value) {
            Check.nonNegative("rtt", value, "Duration.ofMillis(20)");
            oneWayDelay = value.dividedBy(2);
            return this;
        }

        /**
         * The one-way propagation delay of every flow (default 10 ms).
         *
         * @param value the delay, &gt;= 0
         * @return this builder
         */
        public Builder oneWayDelay(Duration value) {
            oneWayDelay = Check.nonNegative("oneWayDelay", value, "Duration.ofMillis(10)");
            return this;
        }

        /**
         * The mean time between arrivals (default 200 ms).
         *
         * @param value the mean, &gt; 0
         * @return this builder
         */
        public Builder meanInterArrival(Duration value) {
            meanInterArrival = Check.positive("meanInterArrival", value, "Duration.ofMillis(200)");
            return this;
        }

        /**
         * The flow sizes (default {@link FlowSizes#l4sWorkload()}).
         *
         * @param value the distribution
         * @return this builder
         */
        public Builder sizes(FlowSizes value) {
            sizes = Check.notNull("sizes", value, "FlowSizes.logNormal(65_536, 2_097_152)");
            return this;
        }

        /**
         * When the workload starts (default 0).
         *
         * @param value the start, &gt;= 0
         * @return this builder
         */
        public Builder start(Duration value) {
            start = Check.nonNegative("start", value, "Duration.ofSeconds(5)");
            return this;
        }

        /**
         * When arrivals stop (default: the run's end); flows already started continue.
         *
         * @param value the stop time, after the start
         * @return this builder
         */
        public Builder stop(Duration value) {
            stop = Optional.of(Check.positive("stop", value, "Duration.ofSeconds(25)"));
            return this;
        }

        /**
         * The workload.
         *
         * @return the validated workload
         */
        public FctWorkload build() {
            return new FctWorkload(cca, oneWayDelay, meanInterArrival, sizes, start, stop);
        }
    }
}
