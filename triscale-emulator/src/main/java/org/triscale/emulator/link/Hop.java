package org.triscale.emulator.link;

import java.util.Optional;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.queue.BufferSize;
import org.triscale.emulator.queue.QueueDiscipline;

/**
 * A further link that every flow's data crosses after the bottleneck, before its propagation
 * delay: a path with several potential bottlenecks in tandem (for example a fast access link
 * followed by a slower one, each with its own queue). Hops are served one packet at a time, with
 * their own queue discipline (DropTail with the hop's buffer when none is given).
 *
 * @param rate   the hop's rate
 * @param buffer the hop's buffer (the discipline's limit)
 * @param queue  the hop's queue discipline; empty for DropTail
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Hop(Rate rate, BufferSize buffer, Optional<QueueDiscipline.Factory> queue) {

    /**
     * Validates the hop.
     *
     * @param rate the hop's rate
     * @param buffer the hop's buffer (the discipline's limit)
     * @param queue the hop's queue discipline; empty for DropTail
     * @throws IllegalArgumentException if a part is null
     */
    public Hop {
        if (rate == null || buffer == null || queue == null) {
            throw new IllegalArgumentException("a hop needs a rate, a buffer and an optional queue, got " + rate + ", "
                    + buffer + ", " + queue + "; use for example new Hop(Rate.mbps(10), Packets.of(100), "
                    + "Optional.empty())");
        }
    }

    /**
     * A DropTail hop.
     *
     * @param rate   the hop's rate
     * @param buffer its buffer
     * @return the hop
     */
    public static Hop dropTail(Rate rate, BufferSize buffer) {
        return new Hop(rate, buffer, Optional.empty());
    }
}
