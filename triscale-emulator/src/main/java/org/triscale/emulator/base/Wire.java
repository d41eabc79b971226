package org.triscale.emulator.base;

import org.apiguardian.api.API;

/**
 * Packet sizes on the emulated wire: an Ethernet MTU and TCP/IP headers with the timestamp
 * option. Every data packet but a finite flow's last carries {@link #MSS} payload bytes; ACKs are
 * not queued at the bottleneck, so their size does not matter.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Wire {
    /** Bytes of a full-size data packet on the wire. */
    public static final int MTU = 1500;
    /** Payload bytes of a full-size segment (MTU minus 20 B IP, 20 B TCP and 12 B timestamp option). */
    public static final int MSS = 1448;
    /** Header bytes of every data packet. */
    public static final int HEADER = MTU - MSS;

    private Wire() {
    }
}
