package org.triscale.emulator;

import java.time.Duration;
import java.util.OptionalLong;
import org.triscale.emulator.cca.Cca;

/**
 * One TCP flow of a scenario: a sender behind the bottleneck and its receiver. The data path has
 * the bottleneck and then {@code oneWayDelay} of propagation; the ACK path is uncongested with
 * the same propagation delay, so the base RTT is twice the one-way delay (plus one packet's
 * transmission time).
 *
 * @param cca         the congestion-control algorithm
 * @param oneWayDelay one-way propagation delay, in [0, 10 s]
 * @param start       when the flow starts, &gt;= 0
 * @param sizeBytes   payload bytes to transfer; empty for a flow that sends until the run ends
 * @param label       a name shown in results, or null for the default ({@code flow-<id>})
 */
public record FlowSpec(Cca cca, Duration oneWayDelay, Duration start, OptionalLong sizeBytes, String label) {
    private static final Duration MAX_DELAY = Duration.ofSeconds(10);

    /**
     * Validates the flow.
     *
     * @param cca the congestion-control algorithm
     * @param oneWayDelay one-way propagation delay, in [0, 10 s]
     * @param start when the flow starts, &gt;= 0
     * @param sizeBytes payload bytes to transfer; empty for a flow that sends until the run ends
     * @param label a name shown in results, or null for the default ({@code flow-<id>})
     * @throws IllegalArgumentException on a missing algorithm, a negative or huge delay, a negative
     *                                  start or a size below one byte
     */
    public FlowSpec {
        Check.notNull("cca", cca, "Cca.CUBIC");
        Check.nonNegative("oneWayDelay", oneWayDelay, "rtt(Duration.ofMillis(90))");
        Check.atMost("oneWayDelay", oneWayDelay, MAX_DELAY, "a path delay; check the unit");
        Check.nonNegative("start", start, "Duration.ZERO");
        Check.notNull("sizeBytes", sizeBytes, "OptionalLong.empty() for an unlimited flow");
        if (sizeBytes.isPresent() && sizeBytes.getAsLong() < 1) {
            throw new IllegalArgumentException("flow size must be >= 1 byte, got " + sizeBytes.getAsLong()
                    + "; leave it unset for a flow that sends until the run ends");
        }
    }

    /**
     * A builder with the defaults: CUBIC, 20 ms RTT, start at 0, unlimited size.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The base round-trip time, twice the one-way delay.
     *
     * @return the RTT
     */
    public Duration rtt() {
        return oneWayDelay.multipliedBy(2);
    }

    /** Builds a {@link FlowSpec}; not thread-safe. */
    public static final class Builder {
        private Cca cca = Cca.CUBIC;
        private Duration oneWayDelay = Duration.ofMillis(10);
        private Duration start = Duration.ZERO;
        private OptionalLong size = OptionalLong.empty();
        private String label;

        private Builder() {
        }

        /**
         * The congestion-control algorithm (default CUBIC).
         *
         * @param value the algorithm
         * @return this builder
         */
        public Builder cca(Cca value) {
            cca = Check.notNull("cca", value, "Cca.CUBIC");
            return this;
        }

        /**
         * The base round-trip time: sets the one-way delay to half of it (default 20 ms).
         *
         * @param value the RTT, &gt;= 0
         * @return this builder
         */
        public Builder rtt(Duration value) {
            Check.nonNegative("rtt", value, "Duration.ofMillis(90)");
            oneWayDelay = value.dividedBy(2);
            return this;
        }

        /**
         * The one-way propagation delay (default 10 ms).
         *
         * @param value the delay, &gt;= 0
         * @return this builder
         */
        public Builder oneWayDelay(Duration value) {
            oneWayDelay = Check.nonNegative("oneWayDelay", value, "Duration.ofMillis(45)");
            return this;
        }

        /**
         * When the flow starts (default 0).
         *
         * @param value the start time, &gt;= 0
         * @return this builder
         */
        public Builder start(Duration value) {
            start = Check.nonNegative("start", value, "Duration.ofSeconds(1)");
            return this;
        }

        /**
         * A finite flow of {@code bytes} payload bytes; its completion time is reported.
         *
         * @param bytes payload bytes, &gt;= 1
         * @return this builder
         */
        public Builder size(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("flow size must be >= 1 byte, got " + bytes);
            }
            size = OptionalLong.of(bytes);
            return this;
        }

        /**
         * A flow that sends until the run ends (the default).
         *
         * @return this builder
         */
        public Builder unlimited() {
            size = OptionalLong.empty();
            return this;
        }

        /**
         * A name shown in results.
         *
         * @param value the label
         * @return this builder
         */
        public Builder label(String value) {
            label = value;
            return this;
        }

        /**
         * The flow.
         *
         * @return the validated flow
         */
        public FlowSpec build() {
            return new FlowSpec(cca, oneWayDelay, start, size, label);
        }
    }
}
