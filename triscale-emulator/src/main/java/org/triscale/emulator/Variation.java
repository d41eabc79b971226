package org.triscale.emulator;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Check;

import java.time.Duration;

/**
 * The seeded run-to-run variation of a scenario: host noise that makes runs with different seeds
 * differ, as runs on a real test bed do. A deterministic emulator without it gives the same trace
 * for every seed when nothing else in the scenario is random (one algorithm, no random loss, no
 * workload), so that "independent" runs would be one measurement repeated.
 *
 * <p>The same seed always gives the same run, with or without variation. {@link #HOST_NOISE} is
 * every scenario's default; {@link #NONE} (the builder's {@code deterministicAcrossSeeds()})
 * gives bit-exact identical runs across seeds when nothing else is random.
 *
 * @param ackJitter   largest random extra delay of each ACK (uniform in [0, ackJitter], the
 *                    ACKs' order kept), in [0, 1 s]: the noise of the receiving host and of the
 *                    return path
 * @param startJitter largest random delay of each individual flow's start (uniform in
 *                    [0, startJitter]), in [0, 10 s]; the flows of FCT workloads arrive at random
 *                    already
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Variation(Duration ackJitter, Duration startJitter) {
    // Before the constants below, which the constructor checks against them.
    private static final Duration MAX_ACK_JITTER = Duration.ofSeconds(1);
    private static final Duration MAX_START_JITTER = Duration.ofSeconds(10);

    /** No seeded variation: runs differ only through the scenario's own randomness (loss, workloads, AQMs). */
    public static final Variation NONE = new Variation(Duration.ZERO, Duration.ZERO);

    /**
     * The default: ACKs jittered by up to 10 µs and individual flows started up to 10 ms late.
     * Small on purpose: 10 µs is below a packet time down to 1.2 Gbit/s and a tenth of a 100 µs
     * data-centre RTT, so it keeps the ACK clock (1 ms of jitter lengthened BBR's standing queue
     * about seven-fold in the emulator's validation), yet it moves each packet's timing, and the
     * start offsets break the phase lock of flows that would otherwise start together.
     */
    public static final Variation HOST_NOISE = new Variation(Duration.ofNanos(10_000), Duration.ofMillis(10));

    /**
     * Validates the variation.
     *
     * @param ackJitter   largest random extra delay of each ACK, in [0, 1 s]
     * @param startJitter largest random delay of each individual flow's start, in [0, 10 s]
     * @throws IllegalArgumentException naming the invalid parameter, its value and a valid one
     */
    public Variation {
        Check.nonNegative("ackJitter", ackJitter, "Duration.ofMillis(1)");
        Check.atMost("ackJitter", ackJitter, MAX_ACK_JITTER, "host noise, not a path delay");
        Check.nonNegative("startJitter", startJitter, "Duration.ofMillis(10)");
        Check.atMost("startJitter", startJitter, MAX_START_JITTER, "a random start offset, not a schedule");
    }

    /**
     * This variation with another ACK jitter.
     *
     * @param value in [0, 1 s]
     * @return the new variation
     */
    public Variation withAckJitter(Duration value) {
        return new Variation(value, startJitter);
    }

    /**
     * This variation with another start jitter.
     *
     * @param value in [0, 10 s]
     * @return the new variation
     */
    public Variation withStartJitter(Duration value) {
        return new Variation(ackJitter, value);
    }

    /**
     * Whether this variation adds nothing.
     *
     * @return true for {@link #NONE}
     */
    public boolean isNone() {
        return ackJitter.isZero() && startJitter.isZero();
    }
}
