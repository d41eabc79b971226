package org.triscale.engine.analysis;

import org.apache.commons.numbers.arrays.Selection;

import java.util.Arrays;

/**
 * Exact order statistics of many overlapping windows of one sample, without sorting each window.
 *
 * <p>TriScale's convergence test needs a percentile of up to 100 windows, each half as long as the
 * run: sorting every window costs {@code O(K · L log L)}, which dominates the analysis of a long
 * run. Here every value gets a <em>slot</em> from the top bits of its order-preserving 64-bit key
 * (so slots follow the values' order, and are roughly logarithmic for skewed data). A histogram of
 * slots slides from window to window, adding and removing only the values that enter and leave.
 * The slot holding a rank is found from the histogram, and the rank is selected exactly among the
 * window's values in that slot alone, found by binary search in the slot's index list. The total
 * cost is {@code O(n + K · (S + m log m))} for S slots and m values per slot and window.
 *
 * <p>The result is the same double that sorting the window would give: slots partition the values
 * by order, so the rank's value is in the slot found, and the in-slot selection is exact.
 */
final class WindowOrderStatistics {
    /** At most 2^16 slots: beyond that the histogram scans cost more than the in-slot selections. */
    private static final int MAX_SLOT_BITS = 16;
    private static final int MIN_SLOT_BITS = 4;

    // About one slot per value, so a short run (the usual case, once per run) allocates little.
    private final int slotBits;
    private final int slots;
    private final int blockBits;

    private final double[] values;
    private final int length;
    /** A value's slot is {@code (key − minKey) >>> shift}, recomputed where needed: cheaper than an int per value. */
    private final long minKey;
    private final int shift;
    private final int[] slotStart;
    private final int[] indicesBySlot;
    private final double[] slotMin;
    private final double[] slotMax;
    private final int[] slotCount;
    private final int[] blockCount;
    private double[] scratch = new double[64];
    private int windowStart;
    private int windowEnd;

    private WindowOrderStatistics(double[] values, int length) {
        this.values = values;
        this.length = length;
        int n = values.length;
        slotBits = Math.max(MIN_SLOT_BITS, Math.min(MAX_SLOT_BITS, 32 - Integer.numberOfLeadingZeros(n)));
        slots = 1 << slotBits;
        blockBits = slotBits / 2;
        slotMin = new double[slots];
        slotMax = new double[slots];
        slotCount = new int[slots];
        blockCount = new int[slots >>> blockBits];
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (double v : values) {
            long key = key(v);
            lowest = Math.min(lowest, key);
            highest = Math.max(highest, key);
        }
        minKey = lowest;
        long range = highest - lowest; // read as unsigned: the span may exceed Long.MAX_VALUE
        shift = Math.max(0, 64 - Long.numberOfLeadingZeros(range) - slotBits);
        slotStart = new int[slots + 1];
        Arrays.fill(slotMin, Double.POSITIVE_INFINITY);
        Arrays.fill(slotMax, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            double v = values[i];
            int slot = slot(v);
            slotStart[slot + 1]++;
            slotMin[slot] = Math.min(slotMin[slot], v);
            slotMax[slot] = Math.max(slotMax[slot], v);
        }
        for (int s = 0; s < slots; s++) {
            slotStart[s + 1] += slotStart[s];
        }
        // Counting sort by slot, stable: each slot's indices come out ascending.
        indicesBySlot = new int[n];
        int[] next = Arrays.copyOf(slotStart, slots);
        for (int i = 0; i < n; i++) {
            indicesBySlot[next[slot(values[i])]++] = i;
        }
    }

    /**
     * Selects two ranks of every window {@code values[s .. s + length)}.
     *
     * @param values    the sample, without NaN
     * @param length    window length, 1 ≤ length ≤ values.length
     * @param starts    window starts, non-decreasing, each with {@code start + length ≤ values.length}
     * @param lowRank   first rank (0-based) to select in each window
     * @param highRank  second rank, {@code lowRank ≤ highRank < length}
     * @param lowOut    receives the {@code lowRank}-th smallest value of each window
     * @param highOut   receives the {@code highRank}-th smallest value of each window
     */
    static void select(double[] values, int length, int[] starts, int lowRank, int highRank,
                       double[] lowOut, double[] highOut) {
        WindowOrderStatistics windows = new WindowOrderStatistics(values, length);
        for (int w = 0; w < starts.length; w++) {
            windows.moveTo(starts[w]);
            lowOut[w] = windows.rank(lowRank);
            highOut[w] = highRank == lowRank ? lowOut[w] : windows.rank(highRank);
        }
    }

    /** Maps a double to a long whose signed order is the double's numeric order (NaN excluded). */
    private static long key(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    private int slot(double v) {
        return (int) ((key(v) - minKey) >>> shift);
    }

    private void moveTo(int start) {
        int end = start + length;
        int removeEnd = Math.min(start, windowEnd);
        for (int i = windowStart; i < removeEnd; i++) {
            int slot = slot(values[i]);
            slotCount[slot]--;
            blockCount[slot >>> blockBits]--;
        }
        for (int i = Math.max(start, windowEnd); i < end; i++) {
            int slot = slot(values[i]);
            slotCount[slot]++;
            blockCount[slot >>> blockBits]++;
        }
        windowStart = start;
        windowEnd = end;
    }

    private double rank(int rank) {
        int below = 0;
        int block = 0;
        while (below + blockCount[block] <= rank) {
            below += blockCount[block++];
        }
        int slot = block << blockBits;
        while (below + slotCount[slot] <= rank) {
            below += slotCount[slot++];
        }
        if (slotMin[slot] == slotMax[slot]) {
            return slotMin[slot]; // one distinct value (ties, discrete data): nothing to select
        }
        int from = lowerBound(slotStart[slot], slotStart[slot + 1], windowStart);
        int to = lowerBound(from, slotStart[slot + 1], windowEnd);
        int m = to - from;
        if (scratch.length < m) {
            scratch = new double[Math.max(m, scratch.length * 2)];
        }
        for (int k = 0; k < m; k++) {
            scratch[k] = values[indicesBySlot[from + k]];
        }
        Selection.select(scratch, 0, m, rank - below);
        return scratch[rank - below];
    }

    /** First position in {@code indicesBySlot[from, to)} whose index is ≥ {@code index}. */
    private int lowerBound(int from, int to, int index) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (indicesBySlot[mid] < index) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
