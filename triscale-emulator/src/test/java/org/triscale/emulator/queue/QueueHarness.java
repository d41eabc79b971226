package org.triscale.emulator.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.triscale.emulator.base.Ecn;

/**
 * Serves a discipline at a constant rate and feeds it unresponsive traffic: one packet every
 * {@code gapNanos}, packet {@code i} built by {@code arrivals}. Records every departure (time,
 * sojourn, flow, ECN) and every drop time, so that tests can compare with what an RFC states.
 */
final class QueueHarness {
    final QueueDiscipline queue;
    final long bitsPerSecond;
    final List<long[]> departures = new ArrayList<>();
    final List<Long> refusals = new ArrayList<>();
    long offered;

    QueueHarness(QueueDiscipline queue, long bitsPerSecond) {
        this.queue = queue;
        this.bitsPerSecond = bitsPerSecond;
    }

    /** Packet {@code i} of {@code flows} round-robin flows, full size, with this ECN field. */
    static IntFunction<Packet> packets(int flows, Ecn ecn) {
        return i -> new Packet(i % flows, i, 0, 1500, ecn);
    }

    /** Runs until {@code end}; {@code probe} is called at every departure. */
    void run(long end, long gapNanos, IntFunction<Packet> arrivals, Runnable probe) {
        long nextArrival = 0;
        Packet onWire = null;
        long wireEnd = Long.MAX_VALUE;
        int i = 0;
        while (true) {
            if (onWire != null && wireEnd <= nextArrival) {
                if (wireEnd > end) {
                    return;
                }
                long t = wireEnd;
                departures.add(new long[] {t, t - onWire.enqueuedAt(), onWire.flow(), onWire.ecn().ordinal()});
                if (probe != null) {
                    probe.run();
                }
                onWire = start(t);
                wireEnd = onWire == null ? Long.MAX_VALUE : t + tx(onWire);
            } else {
                if (nextArrival > end) {
                    return;
                }
                long t = nextArrival;
                Packet p = arrivals.apply(i++);
                p.enqueuedAt(t);
                offered++;
                if (!queue.enqueue(p, t)) {
                    refusals.add(t);
                }
                if (onWire == null) {
                    onWire = start(t);
                    wireEnd = onWire == null ? Long.MAX_VALUE : t + tx(onWire);
                }
                nextArrival += gapNanos;
            }
        }
    }

    private Packet start(long t) {
        return queue.dequeue(t);
    }

    long tx(Packet p) {
        return Math.round(p.bytes() * 8e9 / bitsPerSecond);
    }

    /** Departures after {@code from}. */
    List<long[]> departuresAfter(long from) {
        return departures.stream().filter(d -> d[0] >= from).toList();
    }

    double meanSojournMillis(long from) {
        return departuresAfter(from).stream().mapToLong(d -> d[1]).average().orElse(Double.NaN) / 1e6;
    }

    long count(long from, Ecn ecn) {
        return departuresAfter(from).stream().filter(d -> d[3] == ecn.ordinal()).count();
    }
}
