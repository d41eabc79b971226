package org.triscale.emulator;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Check;
import org.triscale.emulator.base.FlowSettings;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
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
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FlowSpec(Cca cca, Duration oneWayDelay, Duration start, OptionalLong sizeBytes, String label,
                       boolean reverse, List<Integer> path) {
    private static final Duration MAX_DELAY = Duration.ofSeconds(10);

    /**
     * Validates the flow.
     *
     * @param cca the congestion-control algorithm
     * @param oneWayDelay one-way propagation delay, in [0, 10 s]
     * @param start when the flow starts, &gt;= 0
     * @param sizeBytes payload bytes to transfer; empty for a flow that sends until the run ends
     * @param label a name shown in results, or null for the default ({@code flow-<id>})
     * @param reverse whether the flow sends in the ACK direction: its data crosses the scenario's
     *                reverse link and its ACKs the forward links of its path
     * @param path the forward links the flow crosses, in ascending order (0 the bottleneck, h the
     *             h-th hop); empty for all of them. The scenario checks the indices
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
        Check.notNull("path", path, "List.of() for every link");
        path = List.copyOf(path);
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i) < 0 || (i > 0 && path.get(i) <= path.get(i - 1))) {
                throw new IllegalArgumentException("flow path must list link indices >= 0 in ascending order "
                        + "(0 the bottleneck, h the h-th hop), got " + path + "; use for example path(0, 2)");
            }
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
    public static final class Builder extends FlowSettings<Builder> {
        private OptionalLong size = OptionalLong.empty();
        private String label;
        private boolean reverse;
        private List<Integer> path = List.of();

        private Builder() {
        }

        @Override
        protected Builder self() {
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
         * Makes the flow send in the ACK direction (an upload beside downloads): its data crosses
         * the scenario's reverse link, where the forward flows' ACKs queue behind it, and its ACKs
         * cross the forward links of its path. Needs {@code Scenario.Builder.reverseLink}.
         *
         * @return this builder
         */
        public Builder reverse() {
            reverse = true;
            return this;
        }

        /**
         * The forward links the flow crosses, e.g. {@code path(0)} for the bottleneck alone or
         * {@code path(1, 2)} for the first two hops (a parking lot). By default every link.
         *
         * @param links link indices in ascending order: 0 the bottleneck, h the h-th hop
         * @return this builder
         */
        public Builder path(int... links) {
            path = Arrays.stream(links).boxed().toList();
            return this;
        }

        /**
         * The flow.
         *
         * @return the validated flow
         */
        public FlowSpec build() {
            return new FlowSpec(ccaSetting(), oneWayDelaySetting(), startSetting(), size, label, reverse, path);
        }
    }
}
