package org.triscale.emulator.queue;

import org.apiguardian.api.API;

/**
 * The size of the bottleneck's DropTail buffer, in {@link Packets} or in {@link Bytes}. A packet
 * arriving at a full buffer is dropped. The buffer counts every packet that has not finished its
 * transmission, including the one on the wire, so the largest queueing delay is about the buffer
 * divided by the bottleneck rate.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public sealed interface BufferSize permits Packets, Bytes {

    /**
     * Whether a packet fits beside what is queued.
     *
     * @param packets packets queued
     * @param bytes   bytes queued
     * @param arriving size of the arriving packet, in bytes
     * @return true if the buffer has room for it
     */
    boolean fits(int packets, long bytes, int arriving);
}
