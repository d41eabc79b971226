package org.triscale.emulator.queue;

import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;

/**
 * A buffer size in packets (MahiMahi's and ns-3's usual unit).
 *
 * @param count the number of packets, &gt;= 1
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Packets(int count) implements BufferSize {

    /**
     * Validates the count.
     *
     * @param count the number of packets, &gt;= 1
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public Packets {
        if (count < 1) {
            throw new IllegalArgumentException("buffer must hold >= 1 packet, got " + count
                    + "; use for example Packets.of(450)");
        }
    }

    /**
     * A buffer of {@code count} packets.
     *
     * @param count packets, &gt;= 1
     * @return the buffer size
     */
    public static Packets of(int count) {
        return new Packets(count);
    }

    /**
     * A buffer of one bandwidth-delay product: {@code rate × rtt} in full-size packets, rounded up.
     *
     * @param rate the bottleneck rate
     * @param rtt  the base round-trip time, &gt; 0
     * @return the buffer size
     * @throws IllegalArgumentException if {@code rtt} is not positive
     */
    public static Packets bdp(Rate rate, Duration rtt) {
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(rtt, "rtt");
        if (rtt.isNegative() || rtt.isZero()) {
            throw new IllegalArgumentException("rtt must be > 0, got " + rtt);
        }
        double packets = rate.bitsPerSecond() * rtt.toNanos() / 1e9 / (8.0 * Wire.MTU);
        return new Packets((int) Math.max(1, Math.ceil(packets - 1e-9)));
    }

    @Override
    public boolean fits(int packets, long bytes, int arriving) {
        return packets < count;
    }
}
