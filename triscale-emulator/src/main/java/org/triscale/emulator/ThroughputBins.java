package org.triscale.emulator;

import java.util.Arrays;

/**
 * Bytes per time bin (wire bytes or delivered payload, as the caller adds them) from a first bin
 * on, growing as needed; bins at or after the run's end are ignored.
 */
final class ThroughputBins {
    private final long binNanos;
    private final int firstBin;
    private final int binCount;
    private long[] bytes = new long[8];
    private int used;

    ThroughputBins(long binNanos, long from, int binCount) {
        this.binNanos = binNanos;
        this.binCount = binCount;
        this.firstBin = (int) Math.min(from / binNanos, binCount);
    }

    void add(long time, long bytes) {
        long absolute = time / binNanos;
        if (absolute >= binCount) {
            return;
        }
        int bin = (int) absolute - firstBin;
        if (bin >= this.bytes.length) {
            this.bytes = Arrays.copyOf(this.bytes, Math.max(bin + 1, this.bytes.length * 2));
        }
        this.bytes[bin] += bytes;
        if (bin >= used) {
            used = bin + 1;
        }
    }

    int firstBin() {
        return firstBin;
    }

    /** Mbit/s of the used bins, each divided by its width inside the run. */
    double[] megabitsPerSecond(long runNanos, boolean allBins) {
        int n = allBins ? binCount - firstBin : used;
        double[] mbps = new double[n];
        for (int i = 0; i < n; i++) {
            long binStart = (firstBin + i) * binNanos;
            long width = Math.min(binNanos, runNanos - binStart);
            long b = i < bytes.length ? bytes[i] : 0;
            mbps[i] = width > 0 ? b * 8.0 * 1e3 / width : 0;
        }
        return mbps;
    }
}
