package org.triscale.samples.emulator;

/** Packet sizes on the emulated wire (Ethernet MTU, TCP/IP headers with timestamps). */
final class Wire {
    /** Bytes of a full-size data packet on the wire. */
    static final int MTU = 1500;
    /** Payload bytes of a full-size segment (MTU minus 20 B IP, 20 B TCP and 12 B timestamp option). */
    static final int MSS = 1448;
    /** Header bytes of every data packet. */
    static final int HEADER = MTU - MSS;

    private Wire() {
    }
}
