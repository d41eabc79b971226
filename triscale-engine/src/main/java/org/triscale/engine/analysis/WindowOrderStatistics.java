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
 * slots slides from window to window, adding and removing only the values that enter and leave;
 * it tells which slot holds each rank asked for, and the rank within that slot. Then one pass
 * gathers the positions of the values of those few slots only, and each rank is selected exactly
 * among its window's values in its slot, found by binary search among the slot's positions. The
 * total cost is {@code O(n + K · (S + m log m))} for S slots and m values per slot and window, and
 * the memory beyond the slot tables is the positions of the slots asked for, not one per value.
 *
 * <p>The result is the same double that sorting the window would give: slots partition the values
 * by order, so the rank's value is in the slot found, and the in-slot selection is exact.
 */
final class WindowOrderStatistics {
    /** At most 2^16 slots: beyond that the histogram scans cost more than the in-slot selections. */
    private static final int MAX_SLOT_BITS = 16;
    private static final int MIN_SLOT_BITS = 4;

    // About one slot per value, so a short run (the usual case, once per run) allocates little.
    private final int slots;
    private final int blockBits;

    private final double[] values;
    /** The sample is {@code values[0 .. n)}; the array may be longer. */
    private final int n;
    private final int length;
    /** A value's slot is {@code (key − minKey) >>> shift}, recomputed where needed: cheaper than an int per value. */
    private final long minKey;
    private final int shift;
    /** Values of the whole sample in each slot. */
    private final int[] slotSize;
    /**
     * Keys of the smallest and largest value of the whole sample in each slot: compared as longs,
     * cheaper than {@link Math#min(double, double)} per value, and exact for −0.0 and 0.0 (two
     * values, two keys), so a slot of equal keys holds one value, bit for bit.
     */
    private final long[] slotMinKey;
    private final long[] slotMaxKey;
    /** Values of the current window in each slot, and in each block of 2^blockBits slots. */
    private final int[] slotCount;
    private final int[] blockCount;
    private int windowStart;
    private int windowEnd;

    private WindowOrderStatistics(double[] values, int n, int length) {
        this.values = values;
        this.n = n;
        this.length = length;
        int slotBits = Math.max(MIN_SLOT_BITS, Math.min(MAX_SLOT_BITS, 32 - Integer.numberOfLeadingZeros(n)));
        slots = 1 << slotBits;
        blockBits = slotBits / 2;
        slotSize = new int[slots];
        slotMinKey = new long[slots];
        slotMaxKey = new long[slots];
        slotCount = new int[slots];
        blockCount = new int[slots >>> blockBits];
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long key = key(values[i]);
            lowest = Math.min(lowest, key);
            highest = Math.max(highest, key);
        }
        minKey = lowest;
        long range = highest - lowest; // read as unsigned: the span may exceed Long.MAX_VALUE
        shift = Math.max(0, 64 - Long.numberOfLeadingZeros(range) - slotBits);
        Arrays.fill(slotMinKey, Long.MAX_VALUE);
        Arrays.fill(slotMaxKey, Long.MIN_VALUE);
        for (int i = 0; i < n; i++) {
            long key = key(values[i]);
            int slot = slotOfKey(key);
            slotSize[slot]++;
            if (key < slotMinKey[slot]) {
                slotMinKey[slot] = key;
            }
            if (key > slotMaxKey[slot]) {
                slotMaxKey[slot] = key;
            }
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
        select(values, values.length, length, starts, lowRank, highRank, lowOut, highOut);
    }

    /** As {@link #select(double[], int, int[], int, int, double[], double[])} over the sample {@code values[0 .. n)}. */
    static void select(double[] values, int n, int length, int[] starts, int lowRank, int highRank,
                       double[] lowOut, double[] highOut) {
        WindowOrderStatistics windows = new WindowOrderStatistics(values, n, length);
        int count = starts.length;
        // Query 2w is the low rank of window w, 2w + 1 its high rank.
        int[] slotOf = new int[2 * count];
        int[] rankInSlot = new int[2 * count];
        for (int w = 0; w < count; w++) {
            windows.moveTo(starts[w]);
            windows.locate(lowRank, 2 * w, slotOf, rankInSlot);
            windows.locate(highRank, 2 * w + 1, slotOf, rankInSlot);
        }
        SlotPositions positions = windows.positions(slotOf);
        double[] scratch = new double[64];
        for (int q = 0; q < slotOf.length; q++) {
            int slot = slotOf[q];
            double value;
            if (windows.slotMinKey[slot] == windows.slotMaxKey[slot]) {
                value = value(windows.slotMinKey[slot]); // one distinct value (ties, discrete data): nothing to select
            } else {
                int start = starts[q / 2];
                int from = positions.lowerBound(slot, start);
                int to = positions.lowerBound(slot, start + length);
                int m = to - from;
                if (scratch.length < m) {
                    scratch = new double[Math.max(m, scratch.length * 2)];
                }
                for (int k = 0; k < m; k++) {
                    scratch[k] = values[positions.indices[from + k]];
                }
                Selection.select(scratch, 0, m, rankInSlot[q]);
                value = scratch[rankInSlot[q]];
            }
            if (q % 2 == 0) {
                lowOut[q / 2] = value;
            } else {
                highOut[q / 2] = value;
            }
        }
    }

    /** Maps a double to a long whose signed order is the double's numeric order (NaN excluded). */
    private static long key(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The double whose {@link #key} is {@code key}: the mapping is its own inverse. */
    private static double value(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    private int slot(double v) {
        return slotOfKey(key(v));
    }

    private int slotOfKey(long key) {
        return (int) ((key - minKey) >>> shift);
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

    /** Finds the slot of the current window holding {@code rank}, and the rank within the slot. */
    private void locate(int rank, int query, int[] slotOf, int[] rankInSlot) {
        int below = 0;
        int block = 0;
        while (below + blockCount[block] <= rank) {
            below += blockCount[block++];
        }
        int slot = block << blockBits;
        while (below + slotCount[slot] <= rank) {
            below += slotCount[slot++];
        }
        slotOf[query] = slot;
        rankInSlot[query] = rank - below;
    }

    /** The ascending positions of the values of the given slots that hold more than one distinct value. */
    private SlotPositions positions(int[] slotOf) {
        int[] offset = new int[slots];
        Arrays.fill(offset, -1);
        int total = 0;
        for (int slot : slotOf) {
            if (offset[slot] < 0 && slotMinKey[slot] != slotMaxKey[slot]) {
                offset[slot] = total;
                total += slotSize[slot];
            }
        }
        int[] indices = new int[total];
        if (total > 0) {
            int[] next = offset.clone();
            for (int i = 0; i < n; i++) {
                int slot = slot(values[i]);
                if (next[slot] >= 0) {
                    indices[next[slot]++] = i;
                }
            }
        }
        return new SlotPositions(offset, slotSize, indices);
    }

    /** Positions of the values of some slots: slot s's are {@code indices[offset[s] .. offset[s] + size[s])}. */
    private record SlotPositions(int[] offset, int[] size, int[] indices) {
        /** First of slot's positions that is ≥ {@code index}, as an index into {@link #indices}. */
        int lowerBound(int slot, int index) {
            int lo = offset[slot];
            int hi = lo + size[slot];
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (indices[mid] < index) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }
}
