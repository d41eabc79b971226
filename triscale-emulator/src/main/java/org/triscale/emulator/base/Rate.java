package org.triscale.emulator.base;

import org.apiguardian.api.API;

/**
 * A link rate in bits per second.
 *
 * @param bitsPerSecond the rate, finite and &gt; 0
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Rate(double bitsPerSecond) {

    /**
     * Validates the rate.
     *
     * @param bitsPerSecond the rate, finite and &gt; 0
     * @throws IllegalArgumentException if the rate is not a finite number &gt; 0
     */
    public Rate {
        if (!(bitsPerSecond > 0) || bitsPerSecond == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("rate must be a finite number of bit/s > 0, got " + bitsPerSecond
                    + "; use for example Rate.mbps(50)");
        }
    }

    /**
     * A rate in bit/s.
     *
     * @param bitsPerSecond bits per second, &gt; 0
     * @return the rate
     */
    public static Rate bps(double bitsPerSecond) {
        return new Rate(bitsPerSecond);
    }

    /**
     * A rate in kbit/s (10^3 bit/s).
     *
     * @param kilobits kilobits per second, &gt; 0
     * @return the rate
     */
    public static Rate kbps(double kilobits) {
        return new Rate(kilobits * 1e3);
    }

    /**
     * A rate in Mbit/s (10^6 bit/s).
     *
     * @param megabits megabits per second, &gt; 0
     * @return the rate
     */
    public static Rate mbps(double megabits) {
        return new Rate(megabits * 1e6);
    }

    /**
     * A rate in Gbit/s (10^9 bit/s).
     *
     * @param gigabits gigabits per second, &gt; 0
     * @return the rate
     */
    public static Rate gbps(double gigabits) {
        return new Rate(gigabits * 1e9);
    }

    /**
     * The rate in Mbit/s.
     *
     * @return megabits per second
     */
    public double megabitsPerSecond() {
        return bitsPerSecond / 1e6;
    }

    @Override
    public String toString() {
        return megabitsPerSecond() + " Mbit/s";
    }
}
