package org.triscale.emulator.base;

import java.time.Duration;
import org.apiguardian.api.API;
import org.triscale.emulator.cca.Cca;

/**
 * The settings that a single flow ({@code FlowSpec.Builder}) and the flows of a workload
 * ({@code FctWorkload.Builder}) have in common: the algorithm, the propagation delay and the
 * start. Defaults: CUBIC, 20 ms RTT, start at 0.
 *
 * @param <B> the concrete builder, returned by every setter so that calls chain
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public abstract class FlowSettings<B extends FlowSettings<B>> {
    private Cca cca = Cca.CUBIC;
    private Duration oneWayDelay = Duration.ofMillis(10);
    private Duration start = Duration.ZERO;

    /** For the emulator's builders. */
    protected FlowSettings() {
    }

    /**
     * This builder, typed as the concrete builder.
     *
     * @return {@code this}
     */
    protected abstract B self();

    /**
     * The congestion-control algorithm (default CUBIC).
     *
     * @param value the algorithm
     * @return this builder
     */
    public final B cca(Cca value) {
        cca = Check.notNull("cca", value, "Cca.CUBIC");
        return self();
    }

    /**
     * The base round-trip time: sets the one-way delay to half of it (default 20 ms).
     *
     * @param value the RTT, &gt;= 0
     * @return this builder
     */
    public final B rtt(Duration value) {
        Check.nonNegative("rtt", value, "Duration.ofMillis(20)");
        oneWayDelay = value.dividedBy(2);
        return self();
    }

    /**
     * The one-way propagation delay (default 10 ms).
     *
     * @param value the delay, &gt;= 0
     * @return this builder
     */
    public final B oneWayDelay(Duration value) {
        oneWayDelay = Check.nonNegative("oneWayDelay", value, "Duration.ofMillis(10)");
        return self();
    }

    /**
     * When the flow starts, or a workload's first possible arrival (default 0).
     *
     * @param value the start time, &gt;= 0
     * @return this builder
     */
    public final B start(Duration value) {
        start = Check.nonNegative("start", value, "Duration.ofSeconds(1)");
        return self();
    }

    /**
     * The algorithm set so far.
     *
     * @return the algorithm
     */
    protected final Cca ccaSetting() {
        return cca;
    }

    /**
     * The one-way delay set so far.
     *
     * @return the delay
     */
    protected final Duration oneWayDelaySetting() {
        return oneWayDelay;
    }

    /**
     * The start set so far.
     *
     * @return the start
     */
    protected final Duration startSetting() {
        return start;
    }
}
