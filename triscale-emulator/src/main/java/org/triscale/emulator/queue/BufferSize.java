package org.triscale.emulator.queue;

/**
 * The size of the bottleneck's DropTail buffer, in {@link Packets} or in {@link Bytes}. A packet
 * arriving at a full buffer is dropped. The buffer counts every packet that has not finished its
 * transmission, including the one on the wire, so the largest queueing delay is about the buffer
 * divided by the bottleneck rate.
 */
public sealed interface BufferSize permits Packets, Bytes {
}
