package org.triscale.emulator;

import org.triscale.emulator.queue.Packets;
import java.util.Arrays;

/** Small statistics for the emulator's tests (the engine's helpers live in another module). */
final class Stats {
    private Stats() {
    }

    /** Nearest-rank percentile, as Pantheon computes its P95 delay. */
    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    /** Jain's fairness index {@code (Σx)² / (n Σx²)} (Jain, Chiu and Hawe 1984). */
    static double jain(double... x) {
        double sum = 0;
        double squares = 0;
        for (double v : x) {
            sum += v;
            squares += v * v;
        }
        return sum * sum / (x.length * squares);
    }

    /** Queueing delays (one-way delay minus propagation and one transmission) of samples after {@code fromSeconds}. */
    static double[] queueingDelaysMillis(Trace trace, int flowId, double fromSeconds) {
        double[] t = trace.delays().timesSeconds(flowId);
        double[] d = trace.delays().delaysMillis(flowId);
        double base = trace.flow(flowId).baseRttMillis() / 2 + transmissionMillis(trace);
        return java.util.stream.IntStream.range(0, t.length).filter(i -> t[i] >= fromSeconds)
                .mapToDouble(i -> d[i] - base).toArray();
    }

    static double transmissionMillis(Trace trace) {
        return 1500 * 8 / trace.scenario().link().bottleneck().bitsPerSecond() * 1e3;
    }

    /** The buffer's drain time: its size over the bottleneck rate. */
    static double bufferMillis(Trace trace) {
        return ((Packets) trace.scenario().link().buffer()).count() * transmissionMillis(trace);
    }
}
