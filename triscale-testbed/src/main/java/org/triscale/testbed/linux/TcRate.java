package org.triscale.testbed.linux;

import org.apiguardian.api.API;

/**
 * A link rate for {@code tc}, in bits per second: whole bits per second within the range the test
 * bed shapes, written as {@code tc} reads it ({@link #tc()}). Named apart from the emulator's
 * {@code org.triscale.emulator.base.Rate} (any positive rate of a simulated link), which a test
 * that runs on both back ends imports beside it.
 *
 * @param bitsPerSecond the rate, at least 8 kbit/s and at most 10 Gbit/s
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record TcRate(long bitsPerSecond) {
    /** Checks the range, so a typo does not shape a link to nothing. */
    public TcRate {
        if (bitsPerSecond < 8_000 || bitsPerSecond > 10_000_000_000L) {
            throw new IllegalArgumentException("rate " + bitsPerSecond
                    + " bit/s is out of range [8 kbit/s, 10 Gbit/s]; give e.g. TcRate.mbps(50)");
        }
    }

    /**
     * A rate in Mbit/s.
     *
     * @param mbps megabits per second, finite, from 0.008 (8 kbit/s) to 10,000 (10 Gbit/s)
     * @return the rate
     * @throws IllegalArgumentException naming {@code mbps} when it is NaN, infinite or out of range
     */
    public static TcRate mbps(double mbps) {
        // Checked before rounding: Math.round turns NaN into 0 and an infinity into Long.MAX_VALUE,
        // and the constructor's message would then name a rate nobody gave.
        if (!(mbps >= 0.008 && mbps <= 10_000)) {
            throw new IllegalArgumentException("TcRate.mbps(" + mbps + "): mbps is out of range; it must be a finite number of Mbit/s from"
                    + " 0.008 (8 kbit/s) to 10000 (10 Gbit/s); give e.g. TcRate.mbps(50)");
        }
        return new TcRate(Math.round(mbps * 1e6));
    }

    /** @return the rate as {@code tc} writes it, in kbit ({@code 50000kbit}) */
    public String tc() {
        return (bitsPerSecond / 1000) + "kbit";
    }

    @Override
    public String toString() {
        return bitsPerSecond / 1e6 + " Mbit/s";
    }
}
