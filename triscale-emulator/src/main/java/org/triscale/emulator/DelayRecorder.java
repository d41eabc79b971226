package org.triscale.emulator;

import java.util.Arrays;

/** Collects one one-way delay sample out of {@code every} delivered packets into primitive arrays. */
final class DelayRecorder {
    private final int every;
    private int countdown;
    private double[] times = new double[4096];
    private double[] delays = new double[4096];
    private int[] flows = new int[4096];
    private int size;

    DelayRecorder(int every) {
        this.every = every;
        this.countdown = every;
    }

    void record(long time, long delayNanos, int flow) {
        if (--countdown > 0) {
            return;
        }
        countdown = every;
        if (size == times.length) {
            int capacity = size * 2;
            times = Arrays.copyOf(times, capacity);
            delays = Arrays.copyOf(delays, capacity);
            flows = Arrays.copyOf(flows, capacity);
        }
        times[size] = time / 1e9;
        delays[size] = delayNanos / 1e6;
        flows[size] = flow;
        size++;
    }

    DelaySamples samples() {
        return new DelaySamples(every, Arrays.copyOf(times, size), Arrays.copyOf(delays, size),
                Arrays.copyOf(flows, size));
    }
}
