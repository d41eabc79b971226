package org.triscale.emulator.queue;

/**
 * A growable ring of packets with its byte count: the storage of the built-in disciplines. Its
 * capacity is a power of two, so that a mask finds a slot (a remainder would cost a division per
 * packet).
 */
final class PacketFifo {
    private Packet[] ring = new Packet[64];
    private int head;
    private int size;
    private long bytes;

    int size() {
        return size;
    }

    long bytes() {
        return bytes;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(Packet p) {
        if (size == ring.length) {
            Packet[] bigger = new Packet[size * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = p;
        size++;
        bytes += p.bytes();
    }

    Packet peek() {
        return size == 0 ? null : ring[head];
    }

    Packet poll() {
        if (size == 0) {
            return null;
        }
        Packet p = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        size--;
        bytes -= p.bytes();
        return p;
    }
}
