package org.triscale.emulator.workload;

import java.time.Duration;
import java.util.Optional;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Check;
import org.triscale.emulator.base.FlowSettings;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.cca.Cca;

/**
 * A flow-completion-time workload: finite flows arriving as a Poisson process (exponential
 * inter-arrival times) with sizes drawn from {@link FlowSizes}, all with the same algorithm and
 * RTT. Optionally the arrivals are on-off (Poisson arrivals during exponentially distributed on
 * periods, none during off periods) and each arrival is an incast query: {@code fanIn} senders
 * start a flow of a drawn size each at the same instant towards the same receiver. The defaults are those of the L4S FCT tests: a mean inter-arrival of 200 ms and lognormal
 * sizes with P5 = 64 KiB and P95 = 2 MiB (about half of a 50 Mbit/s link).
 *
 * @param cca              the congestion-control algorithm of every flow
 * @param oneWayDelay      one-way propagation delay of every flow
 * @param meanInterArrival mean time between two flow arrivals, &gt; 0
 * @param sizes            the flow-size distribution
 * @param start            time of the workload's start (the first arrival comes one random
 *                         inter-arrival time later)
 * @param stop             no flow arrives after this time; empty for the run's end
 * @param onOff            on-off modulation of the arrivals; empty for a plain Poisson process
 * @param fanIn            flows started by each arrival (1, or the senders of an incast query),
 *                         in [1, 10000]
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FctWorkload(Cca cca, Duration oneWayDelay, Duration meanInterArrival, FlowSizes sizes,
                          Duration start, Optional<Duration> stop, Optional<OnOff> onOff, int fanIn) {
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
     * @param onOff on-off modulation of the arrivals; empty for a plain Poisson process
     * @param fanIn flows started by each arrival, in [1, 10000]
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
        Check.notNull("onOff", onOff, "Optional.empty() for Poisson arrivals");
        if (fanIn < 1 || fanIn > 10_000) {
            throw new IllegalArgumentException("fanIn must be in [1, 10000] senders per arrival, got " + fanIn
                    + "; use 1 for single flows or for example 32 for an incast query");
        }
    }

    /**
     * On-off modulation of a workload's arrivals: on and off periods alternate, each drawn from
     * an exponential distribution with its mean; flows arrive only while on. The workload starts
     * in an on period.
     *
     * @param meanOn  the mean on period, &gt; 0
     * @param meanOff the mean off period, &gt; 0
     */
    public record OnOff(Duration meanOn, Duration meanOff) {
        /**
         * Validates the periods.
         *
         * @param meanOn the mean on period, &gt; 0
         * @param meanOff the mean off period, &gt; 0
         * @throws IllegalArgumentException if a period is not positive
         */
        public OnOff {
            Check.positive("meanOn", meanOn, "Duration.ofMillis(500)");
            Check.positive("meanOff", meanOff, "Duration.ofMillis(500)");
        }

        /**
         * The long-run fraction of time spent on.
         *
         * @return in (0, 1)
         */
        public double dutyCycle() {
            return meanOn.toNanos() / (double) (meanOn.toNanos() + meanOff.toNanos());
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
     * The offered load: mean size times fan-in over mean inter-arrival time, times the on-off
     * duty cycle.
     *
     * @return bits per second of payload
     */
    public Rate offeredLoad() {
        double duty = onOff.map(OnOff::dutyCycle).orElse(1.0);
        return Rate.bps(sizes.meanBytes() * 8 * fanIn * duty / (meanInterArrival.toNanos() / 1e9));
    }

    /** Builds an {@link FctWorkload}; not thread-safe. */
    public static final class Builder extends FlowSettings<Builder> {
        private Duration meanInterArrival = Duration.ofMillis(200);
        private FlowSizes sizes = FlowSizes.l4sWorkload();
        private Optional<Duration> stop = Optional.empty();
        private Optional<OnOff> onOff = Optional.empty();
        private int fanIn = 1;

        private Builder() {
        }

        @Override
        protected Builder self() {
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
         * On-off arrivals: Poisson arrivals during on periods only (default: always on).
         *
         * @param meanOn  the mean on period, &gt; 0
         * @param meanOff the mean off period, &gt; 0
         * @return this builder
         */
        public Builder onOff(Duration meanOn, Duration meanOff) {
            onOff = Optional.of(new OnOff(meanOn, meanOff));
            return this;
        }

        /**
         * Incast: each arrival starts {@code senders} flows at once towards the same receiver
         * (default 1).
         *
         * @param senders flows per arrival, in [1, 10000]
         * @return this builder
         */
        public Builder fanIn(int senders) {
            fanIn = senders;
            return this;
        }

        /**
         * The workload.
         *
         * @return the validated workload
         */
        public FctWorkload build() {
            return new FctWorkload(ccaSetting(), oneWayDelaySetting(), meanInterArrival, sizes, startSetting(), stop, onOff,
                    fanIn);
        }
    }
}
