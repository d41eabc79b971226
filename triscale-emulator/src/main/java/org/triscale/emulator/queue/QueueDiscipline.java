package org.triscale.emulator.queue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Rate;

/**
 * How a link's buffer admits, orders, marks and drops packets: the extension point for queues and
 * AQMs. The link offers every arriving packet to {@link #enqueue} and, whenever it is idle, takes
 * the next packet to transmit from {@link #dequeue}. A discipline drops a packet by refusing it at
 * enqueue or by discarding it inside {@code dequeue}; it marks a packet with
 * {@link Packet#markCe()}. One instance serves one link for one run, on one thread.
 *
 * <p>Built in: {@link DropTail}, {@link Red}, {@link CoDel}, {@link FqCoDel}, {@link Pie} and
 * {@link DualPi2}. Write your own by implementing this interface and passing a {@link Factory} to
 * the scenario.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public interface QueueDiscipline {

    /**
     * Offers an arriving packet.
     *
     * @param packet the packet, its {@link Packet#enqueuedAt()} set to {@code now}
     * @param now    the current time, in nanoseconds
     * @return true if the packet was queued, false if it was dropped
     */
    boolean enqueue(Packet packet, long now);

    /**
     * Takes the next packet to transmit, discarding any the discipline drops on the way.
     *
     * @param now the current time, in nanoseconds
     * @return the packet, or null when the queue is empty
     */
    Packet dequeue(long now);

    /**
     * Packets queued (not counting the one on the wire).
     *
     * @return packets, &gt;= 0
     */
    int packets();

    /**
     * What a discipline knows about its link, passed to its {@link Factory}.
     *
     * @param rate   the link's rate
     * @param buffer the buffer limit of the scenario
     * @param random a random stream for the discipline, derived from the run's seed
     */
    record Setup(Rate rate, BufferSize buffer, UniformRandomProvider random) {

        /**
         * Transmission time of {@code bytes} at the link's rate.
         *
         * @param bytes bytes on the wire
         * @return nanoseconds
         */
        public long transmissionNanos(int bytes) {
            return Math.max(1, Math.round(bytes * 8e9 / rate.bitsPerSecond()));
        }
    }

    /** Creates a fresh discipline for each link of each run (so that runs stay independent). */
    @FunctionalInterface
    interface Factory {
        /**
         * A new discipline.
         *
         * @param setup the link it serves
         * @return the discipline
         */
        QueueDiscipline create(Setup setup);
    }
}
