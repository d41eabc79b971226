package org.triscale.emulator.queue;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Wire;

/**
 * A buffer size in bytes, counted on the wire (a full data packet is 1,500 bytes).
 *
 * @param count the number of bytes, &gt;= 1,500 so that one full packet fits
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Bytes(long count) implements BufferSize {

    /**
     * Validates the count.
     *
     * @param count the number of bytes, &gt;= 1,500 so that one full packet fits
     * @throws IllegalArgumentException if the buffer cannot hold one full-size packet
     */
    public Bytes {
        if (count < Wire.MTU) {
            throw new IllegalArgumentException("buffer must hold at least one " + Wire.MTU
                    + "-byte packet, got " + count + " bytes; use for example Bytes.of(675_000)");
        }
    }

    /**
     * A buffer of {@code count} bytes.
     *
     * @param count bytes, &gt;= 1,500
     * @return the buffer size
     */
    public static Bytes of(long count) {
        return new Bytes(count);
    }

    @Override
    public boolean fits(int packets, long bytes, int arriving) {
        return bytes + arriving <= count;
    }
}
