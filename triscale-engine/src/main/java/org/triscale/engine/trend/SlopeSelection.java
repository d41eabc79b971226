package org.triscale.engine.trend;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.SplittableRandom;

/**
 * Exact order statistics of the pairwise slopes of a point set, for the Theil–Sen estimator
 * (Theil 1950, Sen 1968) at large n: {@code O(n log n)} expected time and {@code O(n)} memory
 * instead of sorting all {@code n(n-1)/2} slopes.
 *
 * <p>The slopes are the doubles {@code (y[i] - y[j]) / (x[i] - x[j])} over the pairs with
 * {@code x[i] - x[j] > 0}, each computed exactly as that expression, and they are ranked in the
 * order of {@link Arrays#sort(double[])} ({@code -0.0} before {@code 0.0}). The selected value
 * is bit-identical to sorting all of them and indexing.
 *
 * <h2>Method</h2>
 * Randomized slope selection (Matoušek 1991; Dillencourt, Mount &amp; Netanyahu 1992): a
 * threshold {@code t} orders the points by the key {@code y - t·x}; a pair whose two points are
 * in the opposite order of their x has a slope below {@code t}. Two thresholds {@code a < b}
 * leave a <em>band</em>: the pairs ordered differently by the two orders, listed as the
 * inversions of one order relative to the other. Uniform samples of the band (drawn with a
 * Fenwick tree) give new, narrower thresholds around each wanted rank; two such rounds usually
 * leave a band of a few times n pairs, and one pass over it (split around the rank by the last
 * round's samples) counts exactly and keeps the slopes near the rank. Close ranks share rounds.
 *
 * <h2>Why the answer is exact</h2>
 * Let {@code σ} be the real slope of a pair and {@code s} the double computed from it. The key
 * of a point is {@code fma(-t, x, y)}, the correctly rounded value of {@code y - t·x}; rounding is
 * monotone, so a strict order of two keys implies the same strict order of the real values, i.e.
 * {@code σ < t} (or {@code σ > t}). Ties of keys prove nothing and stay in the band. A lower
 * threshold thus <em>excludes</em> only pairs with {@code σ < a}, an upper one only pairs with
 * {@code σ > b}, and everything else is in the band, whatever the rounding.
 * Each threshold carries a bound in slope space: the key {@code a} of a lower bound {@code lo} is
 * {@link #below(double) below(lo)}, a few units in the last place under {@code lo}, so far
 * that {@code σ < a} implies {@code s < lo}. That holds because the two subtractions and the
 * division each round to nearest: {@code s >= lo} gives {@code q > nextDown(lo)} for the real
 * quotient {@code q} of the rounded differences, and {@code σ = q(1+e₂)/(1+e₁)} with
 * {@code |eᵢ| ≤ 2⁻⁵³}, so {@code σ > nextDown(lo) - 3·2⁻⁵³|nextDown(lo)|}; subnormal
 * differences are exact and an overflowing quotient rounds monotonically to infinity. Upper
 * bounds are the mirror image. Hence, with {@code lo ≤ hi}, {@code I} pairs excluded below and
 * the band's computed slopes in hand, {@code #(s < lo) = I + #(band slopes < lo)} and
 * {@code #(s ≤ hi) = I + #(band slopes ≤ hi)} are exact counts; when
 * {@code #(s < lo) ≤ k < #(s ≤ hi)} every slope in {@code [lo, hi]} is in the band and the
 * answer is the band's {@code (k - I)}-th smallest slope. When that check fails (an unlucky
 * sample) the failing side restarts with wider brackets; randomness changes only the running
 * time, never the result.
 *
 * <p>A block of many equal slopes {@code v} (quantized data: slopes exactly 0; counters against
 * regular timestamps, exactly or nearly on a line) stays in every band around it. When the samples
 * around a rank all equal {@code v}, the block is counted without listing it, with keys that are
 * exact, so that equal keys mean {@code σ = t} exactly:
 * <ul>
 * <li>at {@code v = 0} the key is {@code y} itself; {@code σ = 0} exactly when the y are equal,
 * and then the slope is a zero whose sign the operands' signs decide; the thin bands between
 * {@code below(0)} and 0, and between 0 and {@code above(0)}, are listed;</li>
 * <li>when every coordinate difference is exact (all x, and all y, on a binary grid narrow enough,
 * as integers are), {@code s} is {@code σ} correctly rounded, so {@code s = v} exactly for
 * {@code σ} between the midpoints to the neighbouring doubles. At those dyadic thresholds the keys
 * of the points, moved to a middle point and scaled to integers, are exact 128-bit integers; one
 * sort per midpoint counts the block's edges exactly.</li>
 * </ul>
 * Other large near-ties (collinear points with decimal coordinates, whose computed slopes differ
 * in the last bits) are resolved by streaming passes over the band with reservoir samples and
 * exact counts: still exact and {@code O(n)} memory, but each pass costs the band's size, up to
 * {@code O(n²)}. Inputs whose coordinate differences can overflow (magnitudes near
 * {@link Double#MAX_VALUE}) use such passes over all pairs.
 */
final class SlopeSelection {
    /** Inputs with at most this many points are solved by sorting all their slopes. */
    static final int BRUTE_FORCE_MAX_POINTS = 64;

    private static final long SEED = 0x7E11_5E4E_51_0BE5L;
    private static final int RUN = 32;
    private static final int MAX_ROUNDS = 40;
    private static final int MAX_GROUP_STEPS = 2_000;
    private static final int MAX_STREAM_PASSES = 10_000;

    private SlopeSelection() {
    }

    /** How {@link #select(double[], double[], long[], Tuning)} works; tests use it to reach every path. */
    enum Path {
        /** Brute force for small inputs, the randomized band algorithm otherwise. */
        AUTO,
        /** The randomized band algorithm at any size. */
        BANDS,
        /** Streaming passes over all pairs. */
        STREAMING
    }

    /**
     * Tuning of the randomized algorithm: none of it changes the result, only the time.
     *
     * @param path       the algorithm
     * @param spread     half-width of a sampled bracket, in binomial standard deviations
     * @param budget     most slopes held in memory at once; {@code 0} for the default
     * @param sampleSize samples drawn per band; {@code 0} for the default
     */
    record Tuning(Path path, double spread, int budget, int sampleSize) {
        static final Tuning DEFAULT = new Tuning(Path.AUTO, 3.0, 0, 0);
    }

    /**
     * Number of pairs {@code (i, j)} with {@code x[i] - x[j] > 0}.
     *
     * @param x finite abscissae
     * @return the number of slopes
     * @throws IllegalArgumentException if {@code x} is null or holds a non-finite value
     */
    static long pairCount(double[] x) {
        requireFinite("x", x);
        double[] sorted = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            sorted[i] = x[i] + 0.0; // -0.0 and 0.0 are the same abscissa
        }
        Arrays.sort(sorted);
        long pairs = 0;
        int start = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] != sorted[start]) {
                start = i;
            }
            pairs += start; // points before the group have a strictly smaller x
        }
        return pairs;
    }

    /**
     * The {@code k}-th smallest (0-based) pairwise slope.
     *
     * @param x finite abscissae, any order, ties allowed
     * @param y finite ordinates, same length
     * @param k rank in {@code [0, pairCount(x))}
     * @return the slope, bit-identical to sorting all slopes and taking index {@code k}
     * @throws IllegalArgumentException on null, non-finite or mismatched input, no pairs, or
     *                                  {@code k} out of range
     */
    static double select(double[] x, double[] y, long k) {
        return select(x, y, new long[] {k})[0];
    }

    /**
     * Several order statistics of the pairwise slopes at once; ranks close to each other share
     * most of the work (the Theil–Sen median and Sen's interval ranks).
     *
     * @param x  finite abscissae, any order, ties allowed
     * @param y  finite ordinates, same length
     * @param ks ranks in {@code [0, pairCount(x))}, any order, repeats allowed
     * @return the slope of each rank, in the order of {@code ks}
     * @throws IllegalArgumentException on null, non-finite or mismatched input, no pairs, or a
     *                                  rank out of range
     */
    static double[] select(double[] x, double[] y, long... ks) {
        return select(x, y, ks, Tuning.DEFAULT);
    }

    /**
     * As {@link #select(double[], double[], long...)}, with an explicit algorithm and tuning.
     *
     * @param x      finite abscissae
     * @param y      finite ordinates
     * @param ks     ranks
     * @param tuning algorithm and tuning
     * @return the slope of each rank, in the order of {@code ks}
     */
    static double[] select(double[] x, double[] y, long[] ks, Tuning tuning) {
        requireFinite("x", x);
        requireFinite("y", y);
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y must have the same length, got x.length = "
                    + x.length + " and y.length = " + y.length);
        }
        if (ks == null) {
            throw new IllegalArgumentException("ks must not be null");
        }
        Points points = new Points(x, y);
        for (long k : ks) {
            checkRank(k, points.pairs, x.length);
        }
        long[] ranks = Arrays.stream(ks).sorted().distinct().toArray();
        if (ranks.length == 0) {
            return new double[0];
        }
        double[] values;
        Path path = tuning.path();
        if (path == Path.AUTO && x.length <= BRUTE_FORCE_MAX_POINTS) {
            values = bruteForce(points, ranks);
        } else {
            values = new Selector(points, tuning).select(ranks, path == Path.STREAMING);
        }
        double[] out = new double[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = values[Arrays.binarySearch(ranks, ks[i])];
        }
        return out;
    }

    private static void requireFinite(String name, double[] values) {
        if (values == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] must be finite, got " + values[i]
                        + "; drop points with NaN or infinite coordinates before selecting slopes");
            }
        }
    }

    private static void checkRank(long k, long pairs, int n) {
        if (pairs == 0) {
            throw new IllegalArgumentException("k = " + k + " cannot be selected: the " + n
                    + " points have no pair with distinct x (all x equal or fewer than two points);"
                    + " a slope needs at least two distinct x values");
        }
        if (k < 0 || k >= pairs) {
            throw new IllegalArgumentException("k must be in [0, " + (pairs - 1)
                    + "] (ranks of the " + pairs + " pairwise slopes), got " + k);
        }
    }

    private static double[] bruteForce(Points p, long[] ranks) {
        if (p.pairs > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("brute force cannot hold " + p.pairs + " slopes");
        }
        double[] all = new double[(int) p.pairs];
        int c = 0;
        for (int r = 0; r < p.n; r++) {
            for (int q = 0; q < p.groupStart[r]; q++) {
                all[c++] = p.slope(q, r);
            }
        }
        Arrays.sort(all);
        double[] out = new double[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = all[(int) ranks[i]];
        }
        return out;
    }

    /**
     * Key threshold {@code a} such that a real slope {@code σ < a} implies a computed slope
     * {@code s < lo} (in the order of {@link Double#compare}), when no coordinate difference
     * overflows. See the class comment for the bound {@code 3·2⁻⁵³|nextDown(lo)|}; this keeps
     * more than twice that margin.
     */
    static double below(double lo) {
        double l = Math.nextDown(lo);
        if (l == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        return Math.nextDown(l - Math.abs(l) * 0x1p-50);
    }

    /** Mirror of {@link #below(double)}: {@code σ > above(hi)} implies {@code s > hi}. */
    static double above(double hi) {
        return -below(-hi);
    }

    /** Maps doubles to longs with the order of {@link Double#compare} (NaN canonical, last). */
    static long sortable(double v) {
        long bits = Double.doubleToLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    static double fromSortable(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /** The points in rank order: x ascending, then y ascending (both compared numerically). */
    private static final class Points {
        final int n;
        final double[] xs;
        final double[] ys;
        /** First rank with the same x: the points of smaller x are the ranks before it. */
        final int[] groupStart;
        /** Ranks ordered by x descending, then rank ascending. */
        final int[] rank2;
        final long pairs;
        /** No coordinate difference overflows, so the fast path's error bounds hold. */
        final boolean differencesFinite;
        /** Every coordinate difference is computed exactly (values on a fine enough binary grid). */
        final boolean exactDifferences;
        final int gridX;
        final int gridY;
        /**
         * With exact differences: the points moved to the middle point (exactly; slopes do not
         * change), in units of the grids, {@code x = xUnits·2^gridX}: integers below 2^53.
         */
        final long[] xUnits;
        final long[] yUnits;
        final int xUnitBits;
        final int yUnitBits;

        Points(double[] x, double[] y) {
            n = x.length;
            int[] id = new int[n];
            double[] key = new double[n];
            for (int i = 0; i < n; i++) {
                id[i] = i;
                key[i] = x[i];
            }
            Sorter sorter = new Sorter(n);
            sorter.sort(key, id);
            sortGroupsByY(key, id, y, sorter);
            xs = new double[n];
            ys = new double[n];
            for (int r = 0; r < n; r++) {
                xs[r] = x[id[r]] + 0.0;
                ys[r] = y[id[r]];
            }
            groupStart = new int[n];
            long count = 0;
            for (int r = 0; r < n; r++) {
                groupStart[r] = r > 0 && xs[r] == xs[r - 1] ? groupStart[r - 1] : r;
                count += groupStart[r];
            }
            pairs = count;
            rank2 = new int[n];
            int out = 0;
            int end = n;
            while (end > 0) {
                int start = groupStart[end - 1];
                for (int r = start; r < end; r++) {
                    rank2[out++] = r;
                }
                end = start;
            }
            double minY = Double.POSITIVE_INFINITY;
            double maxY = Double.NEGATIVE_INFINITY;
            for (double v : ys) {
                minY = Math.min(minY, v);
                maxY = Math.max(maxY, v);
            }
            differencesFinite = n == 0
                    || Double.isFinite(xs[n - 1] - xs[0]) && Double.isFinite(maxY - minY);
            gridX = grid(xs);
            gridY = grid(ys);
            exactDifferences = fitsGrid(xs, gridX) && fitsGrid(ys, gridY);
            xUnits = exactDifferences ? new long[n] : null;
            yUnits = exactDifferences ? new long[n] : null;
            long xMax = 0;
            long yMax = 0;
            if (exactDifferences) {
                for (int r = 0; r < n; r++) {
                    xUnits[r] = (long) Math.scalb(xs[r] - xs[n / 2], -gridX);
                    yUnits[r] = gridY == Integer.MAX_VALUE ? 0 : (long) Math.scalb(ys[r] - ys[n / 2], -gridY);
                    xMax = Math.max(xMax, Math.abs(xUnits[r]));
                    yMax = Math.max(yMax, Math.abs(yUnits[r]));
                }
            }
            xUnitBits = 64 - Long.numberOfLeadingZeros(xMax);
            yUnitBits = 64 - Long.numberOfLeadingZeros(yMax);
        }

        /** Within each run of equal x (in {@code key}), orders the ids by y. */
        private static void sortGroupsByY(double[] key, int[] id, double[] y, Sorter sorter) {
            int n = key.length;
            int start = 0;
            while (start < n) {
                int end = start + 1;
                while (end < n && key[end] == key[start]) {
                    end++;
                }
                if (end - start > 1) {
                    double[] groupY = new double[end - start];
                    int[] groupId = Arrays.copyOfRange(id, start, end);
                    for (int i = 0; i < groupY.length; i++) {
                        groupY[i] = y[groupId[i]];
                    }
                    sorter.sort(groupY, groupId);
                    System.arraycopy(groupId, 0, id, start, groupId.length);
                }
                start = end;
            }
        }

        double slope(int lo, int hi) {
            return (ys[hi] - ys[lo]) / (xs[hi] - xs[lo]);
        }

        /** Smallest exponent of a lowest set bit: every value is a multiple of 2^grid. */
        private static int grid(double[] values) {
            int g = Integer.MAX_VALUE;
            for (double v : values) {
                if (v != 0) {
                    g = Math.min(g, lowBit(v));
                }
            }
            return g;
        }

        /** All differences of multiples of 2^g below 2^(g+52) in magnitude are exact doubles. */
        private static boolean fitsGrid(double[] values, int g) {
            if (g == Integer.MAX_VALUE) {
                return true;
            }
            for (double v : values) {
                if (v != 0 && Math.getExponent(v) >= g + 52) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Exponent of the lowest set bit of a nonzero finite double. */
    static int lowBit(double v) {
        long bits = Double.doubleToRawLongBits(v) & Long.MAX_VALUE;
        int exponent = (int) (bits >>> 52);
        long mantissa = bits & ((1L << 52) - 1);
        if (exponent == 0) {
            return -1074 + Long.numberOfTrailingZeros(mantissa);
        }
        return exponent - 1075 + Long.numberOfTrailingZeros(mantissa | 1L << 52);
    }

    /** Stable merge sort of keys with ids that counts the pairs it puts in the other order. */
    private static final class Sorter {
        private final double[] tmpKey;
        private final int[] tmpId;
        private long[] tmpHigh;
        private long[] tmpLow;
        // The merge passes' source and destination, swapped after each pass.
        private double[] sk;
        private double[] dk;
        private long[] sh;
        private long[] sl;
        private long[] dh;
        private long[] dl;
        private int[] si;
        private int[] di;

        Sorter(int n) {
            tmpKey = new double[n];
            tmpId = new int[n];
        }

        /** Merges the sorted runs [lo, mid) and [mid, hi) of the source into the destination. */
        @FunctionalInterface
        private interface Merge {
            long merge(int lo, int mid, int hi);
        }

        /**
         * The bottom-up passes of the merge sort over runs of {@code RUN} sorted elements: merges
         * neighbouring runs of each width, then swaps source and destination.
         *
         * @return the pairs the merges put in the other order
         */
        private static long mergePasses(int n, Merge merge, Runnable swapBuffers) {
            long swaps = 0;
            for (int w = RUN; w < n; w <<= 1) {
                for (int lo = 0; lo < n; lo += 2 * w) {
                    swaps += merge.merge(lo, Math.min(lo + w, n), Math.min(lo + 2 * w, n));
                }
                swapBuffers.run();
            }
            return swaps;
        }

        /** As {@link #sort(double[], int[])} for signed 128-bit keys {@code (high, low)}. */
        long sort(long[] high, long[] low, int[] id) {
            int n = high.length;
            if (tmpHigh == null) {
                tmpHigh = new long[n];
                tmpLow = new long[n];
            }
            long swaps = 0;
            for (int s = 0; s < n; s += RUN) {
                int e = Math.min(s + RUN, n);
                for (int i = s + 1; i < e; i++) {
                    long kh = high[i];
                    long kl = low[i];
                    int iv = id[i];
                    int j = i - 1;
                    while (j >= s && less(kh, kl, high[j], low[j])) {
                        high[j + 1] = high[j];
                        low[j + 1] = low[j];
                        id[j + 1] = id[j];
                        j--;
                    }
                    swaps += i - 1 - j;
                    high[j + 1] = kh;
                    low[j + 1] = kl;
                    id[j + 1] = iv;
                }
            }
            sh = high;
            sl = low;
            si = id;
            dh = tmpHigh;
            dl = tmpLow;
            di = tmpId;
            swaps += mergePasses(n, this::mergeWide, this::swapWide);
            if (sh != high) {
                System.arraycopy(sh, 0, high, 0, n);
                System.arraycopy(sl, 0, low, 0, n);
                System.arraycopy(si, 0, id, 0, n);
            }
            sh = sl = dh = dl = null;
            si = di = null;
            return swaps;
        }

        private long mergeWide(int lo, int mid, int hi) {
            long[] sh = this.sh;
            long[] sl = this.sl;
            int[] si = this.si;
            long[] dh = this.dh;
            long[] dl = this.dl;
            int[] di = this.di;
            long swaps = 0;
            int i = lo;
            int j = mid;
            int o = lo;
            while (i < mid && j < hi) {
                if (less(sh[j], sl[j], sh[i], sl[i])) {
                    dh[o] = sh[j];
                    dl[o] = sl[j];
                    di[o++] = si[j++];
                    swaps += mid - i;
                } else {
                    dh[o] = sh[i];
                    dl[o] = sl[i];
                    di[o++] = si[i++];
                }
            }
            System.arraycopy(sh, i, dh, o, mid - i);
            System.arraycopy(sl, i, dl, o, mid - i);
            System.arraycopy(si, i, di, o, mid - i);
            o += mid - i;
            System.arraycopy(sh, j, dh, o, hi - j);
            System.arraycopy(sl, j, dl, o, hi - j);
            System.arraycopy(si, j, di, o, hi - j);
            return swaps;
        }

        private void swapWide() {
            long[] t = sh;
            sh = dh;
            dh = t;
            t = sl;
            sl = dl;
            dl = t;
            int[] ti = si;
            si = di;
            di = ti;
        }

        private static boolean less(long aHigh, long aLow, long bHigh, long bLow) {
            return aHigh < bHigh || aHigh == bHigh && Long.compareUnsigned(aLow, bLow) < 0;
        }

        /** Sorts by key ascending, stably; returns the number of pairs p &lt; q with key[q] &lt; key[p]. */
        long sort(double[] key, int[] id) {
            int n = key.length;
            long swaps = 0;
            for (int s = 0; s < n; s += RUN) {
                int e = Math.min(s + RUN, n);
                for (int i = s + 1; i < e; i++) {
                    double kv = key[i];
                    int iv = id[i];
                    int j = i - 1;
                    while (j >= s && key[j] > kv) {
                        key[j + 1] = key[j];
                        id[j + 1] = id[j];
                        j--;
                    }
                    swaps += i - 1 - j;
                    key[j + 1] = kv;
                    id[j + 1] = iv;
                }
            }
            sk = key;
            dk = tmpKey;
            si = id;
            di = tmpId;
            swaps += mergePasses(n, this::mergeNarrow, this::swapNarrow);
            if (sk != key) {
                System.arraycopy(sk, 0, key, 0, n);
                System.arraycopy(si, 0, id, 0, n);
            }
            sk = dk = null;
            si = di = null;
            return swaps;
        }

        private long mergeNarrow(int lo, int mid, int hi) {
            double[] sk = this.sk;
            double[] dk = this.dk;
            int[] si = this.si;
            int[] di = this.di;
            long swaps = 0;
            int i = lo;
            int j = mid;
            int o = lo;
            if (mid < hi && sk[mid] < sk[mid - 1]) {
                while (i < mid && j < hi) {
                    if (sk[j] < sk[i]) {
                        dk[o] = sk[j];
                        di[o++] = si[j++];
                        swaps += mid - i;
                    } else {
                        dk[o] = sk[i];
                        di[o++] = si[i++];
                    }
                }
            }
            System.arraycopy(sk, i, dk, o, mid - i);
            System.arraycopy(si, i, di, o, mid - i);
            o += mid - i;
            System.arraycopy(sk, j, dk, o, hi - j);
            System.arraycopy(si, j, di, o, hi - j);
            return swaps;
        }

        private void swapNarrow() {
            double[] tk = sk;
            sk = dk;
            dk = tk;
            int[] ti = si;
            si = di;
            di = ti;
        }
    }

    /**
     * One side of a band. A lower threshold excludes pairs with {@code s < bound}, an upper one
     * pairs with {@code s > bound}; {@code excluded} counts them. The order is the points sorted by
     * their key at {@code key + keyLow} ({@code keyLow}, nonzero only at rounding midpoints, is at
     * most half an ulp of {@code key}); for a pair with distinct x, the point of larger x comes
     * first exactly when the pair is excluded (lower) or not excluded (upper).
     */
    private record Threshold(boolean lower, double bound, double key, double keyLow, boolean tiesExcluded,
                             int[] order, long excluded) {
    }

    /**
     * Ranks sharing a band. {@code hint}: sorted sample slopes from the parent band that fell in
     * this group's bracket (or null), to split the band on the first pass over it.
     */
    private record Group(Threshold lower, Threshold upper, long[] ranks, double spread, int rounds,
                         long parentSize, double[] hint) {
    }

    /** A computed slope, streamed. */
    @FunctionalInterface
    private interface SlopeSink {
        void accept(double slope);
    }

    /** A stream of computed slopes. */
    @FunctionalInterface
    private interface SlopeSource {
        void forEach(SlopeSink sink);
    }

    /**
     * Outcome of a verified selection: the value, or the side of the bounds the rank lies on. When
     * the value came from a kept region, {@code region} holds its sorted keys, whose first has rank
     * {@code regionStart} among all slopes; other ranks in it need no more passes.
     */
    private record Found(int side, double value, long[] region, long regionStart) {
        static final Found BELOW = new Found(-1, Double.NaN, null, 0);
        static final Found ABOVE = new Found(1, Double.NaN, null, 0);

        static Found of(double value) {
            return new Found(0, value, null, 0);
        }
    }

    /** The randomized band algorithm for one input. */
    private static final class Selector {
        private final Points pts;
        private final int n;
        private final long pairs;
        private final double spread;
        private final int budget;
        private final long finishSize;
        private final int sampleSize;
        private final int streamSample;
        private final SplittableRandom rng = new SplittableRandom(SEED);
        private final Sorter sorter;
        private final double[] keys;
        private final long[] exactHigh;
        private final long[] exactLow;
        private final int[] identity;
        private final int[] pos;
        private final int[] bandP;
        private final int[] mergeA;
        private final int[] mergeB;
        private final int[] counts;
        private final int[] tree;
        private final Threshold bottom;
        private final Threshold top;
        private long[] ranks;
        private double[] results;
        private long zeroSignPairs = -1;

        Selector(Points pts, Tuning tuning) {
            this.pts = pts;
            n = pts.n;
            pairs = pts.pairs;
            spread = tuning.spread();
            budget = tuning.budget() > 0 ? tuning.budget() : Math.max(4 * n, 1 << 16);
            // Narrowing costs two sorts of the points; one more pass over a band costs about as
            // much as enumerating 4n to 8n pairs, so bands up to a few budgets are finished by passes.
            finishSize = 4L * budget;
            sampleSize = tuning.sampleSize() > 0 ? tuning.sampleSize() : Math.max(1 << 12, Math.min(n, 1 << 21));
            streamSample = tuning.sampleSize() > 0 ? tuning.sampleSize() : 1 << 13;
            sorter = new Sorter(n);
            keys = new double[n];
            exactHigh = pts.exactDifferences ? new long[n] : null;
            exactLow = pts.exactDifferences ? new long[n] : null;
            identity = new int[n];
            for (int i = 0; i < n; i++) {
                identity[i] = i;
            }
            pos = new int[n];
            bandP = new int[n];
            mergeA = new int[n];
            mergeB = new int[n];
            counts = new int[n];
            tree = new int[n + 1];
            bottom = new Threshold(true, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, 0, false,
                    identity, 0);
            top = new Threshold(false, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, false,
                    pts.rank2, 0);
        }

        double[] select(long[] sortedRanks, boolean streamingOnly) {
            ranks = sortedRanks;
            results = new double[ranks.length];
            if (streamingOnly || !pts.differencesFinite) {
                for (long k : ranks) {
                    record(k, streamAll(k));
                }
                return results;
            }
            Deque<Group> work = new ArrayDeque<>();
            work.push(new Group(bottom, top, ranks, spread, 0, Long.MAX_VALUE, null));
            int steps = 0;
            while (!work.isEmpty()) {
                Group g = work.pop();
                if (++steps > MAX_GROUP_STEPS) {
                    for (long k : g.ranks()) { // safety net, never expected
                        record(k, streamAll(k));
                    }
                    continue;
                }
                step(g, work);
            }
            return results;
        }

        private void record(long k, double value) {
            results[Arrays.binarySearch(ranks, k)] = value;
        }

        private void step(Group group, Deque<Group> work) {
            Group g = normalize(group);
            long size = pairs - g.lower().excluded() - g.upper().excluded();
            if (size <= budget) {
                finishByCollecting(g, size, work);
            } else if (size <= finishSize || g.rounds() >= MAX_ROUNDS || size > g.parentSize() / 2) {
                finishByStreaming(g, work);
            } else {
                narrow(g, size, work);
            }
        }

        /** Drops a threshold that already excludes a wanted rank (an unlucky sample). */
        private Group normalize(Group g) {
            long[] rs = g.ranks();
            Threshold lower = g.lower();
            Threshold upper = g.upper();
            if (lower.excluded() > rs[0]) {
                lower = bottom;
            }
            if (pairs - upper.excluded() <= rs[rs.length - 1]) {
                upper = top;
            }
            if (lower == g.lower() && upper == g.upper()) {
                return g;
            }
            return new Group(lower, upper, rs, g.spread() * 2, g.rounds() + 1, Long.MAX_VALUE, null);
        }

        /** The excluded sets of the two thresholds are disjoint and their bounds ordered. */
        private static boolean compatible(Threshold lower, Threshold upper) {
            int order = lower.key() != upper.key() ? Double.compare(lower.key(), upper.key())
                    : Double.compare(lower.keyLow(), upper.keyLow());
            if (order > 0 || order == 0 && lower.tiesExcluded() && upper.tiesExcluded()) {
                return false;
            }
            return Double.compare(lower.bound(), upper.bound()) <= 0;
        }

        /** A threshold with keys {@code fma(-t, x, y)}: correctly rounded, so strict orders are exact. */
        private Threshold threshold(boolean lower, double bound, double t, boolean tiesExcluded) {
            if (lower && t == Double.NEGATIVE_INFINITY) {
                return bottom;
            }
            if (!lower && t == Double.POSITIVE_INFINITY) {
                return top;
            }
            int[] order = baseOrder(lower, tiesExcluded);
            for (int p = 0; p < n; p++) {
                int r = order[p];
                keys[p] = Math.fma(-t, pts.xs[r], pts.ys[r]);
            }
            long swaps = sorter.sort(keys, order);
            return new Threshold(lower, bound, t, 0, tiesExcluded, order, tiesExcluded ? pairs - swaps : swaps);
        }

        /**
         * The order before sorting by key; it decides where equal keys go. A lower threshold
         * excludes a pair whose larger-x point comes first, an upper one includes it: starting from
         * x ascending leaves ties out of a lower threshold's exclusion and inside an upper one's.
         */
        private int[] baseOrder(boolean lower, boolean tiesExcluded) {
            return (lower != tiesExcluded ? identity : pts.rank2).clone();
        }

        /**
         * A threshold with exact keys at {@code v + h} (see {@link #exactKeysAt}): {@code y} itself
         * at zero, else 128-bit integers.
         */
        private Threshold exactThreshold(boolean lower, double bound, double v, double h, boolean tiesExcluded) {
            if (v == 0 && h == 0) {
                return threshold(lower, bound, 0.0, tiesExcluded); // the key is y, exactly
            }
            int[] order = baseOrder(lower, tiesExcluded);
            long swaps = sortExactKeys(order, v, h);
            return new Threshold(lower, bound, v, h, tiesExcluded, order, tiesExcluded ? pairs - swaps : swaps);
        }

        private Threshold lowerAt(double lo) {
            return threshold(true, lo, below(lo), false);
        }

        private Threshold upperAt(double hi) {
            return threshold(false, hi, above(hi), false);
        }

        private void narrow(Group g, long size, Deque<Group> work) {
            long excludedBelow = g.lower().excluded();
            int m = (int) Math.min(sampleSize, size);
            double[] sample = g.lower() == bottom && g.upper() == top
                    ? sampleAllPairs(m) : new Band(g.lower(), g.upper(), size).sample(m);
            Arrays.sort(sample);
            long[] rs = g.ranks();
            int[] loIdx = new int[rs.length];
            int[] hiIdx = new int[rs.length];
            for (int i = 0; i < rs.length; i++) {
                double p = (rs[i] - excludedBelow + 0.5) / size;
                double r = p * m;
                double d = g.spread() * Math.sqrt(m * p * (1 - p)) + 1;
                loIdx[i] = (int) Math.max(-1, Math.floor(r - d));
                hiIdx[i] = (int) Math.min(m, Math.ceil(r + d));
            }
            int from = 0;
            while (from < rs.length) {
                int to = from + 1;
                int hi = hiIdx[from];
                // Close ranks share a group; a chain of them may not widen it much (that would stall).
                while (to < rs.length && loIdx[to] <= hi && Math.max(hi, hiIdx[to]) - loIdx[from] <= m / 8) {
                    hi = Math.max(hi, hiIdx[to]);
                    to++;
                }
                long[] sub = Arrays.copyOfRange(rs, from, to);
                double vlo = sample[Math.max(loIdx[from], 0)];
                double vhi = sample[Math.min(hi, m - 1)];
                if (vlo == vhi && certifyByMidpoints(g, vlo, sub, work)) {
                    from = to;
                    continue;
                }
                if (vlo == vhi && exactKeysAt(vlo, 0)) {
                    certifyTie(g, vlo, sub, work);
                } else {
                    Threshold lower = g.lower();
                    Threshold upper = g.upper();
                    if (loIdx[from] >= 0 && Double.compare(vlo, lower.bound()) > 0
                            && Double.compare(vlo, upper.bound()) <= 0) {
                        lower = lowerAt(vlo);
                    }
                    if (hi < m && Double.compare(vhi, upper.bound()) < 0
                            && Double.compare(vhi, lower.bound()) >= 0) {
                        upper = upperAt(vhi);
                    }
                    double[] hint = Arrays.copyOfRange(sample, Math.max(loIdx[from], 0), Math.min(hi, m - 1) + 1);
                    work.push(new Group(lower, upper, sub, g.spread(), g.rounds() + 1, size, hint));
                }
                from = to;
            }
        }

        /** {@code m} pairs drawn uniformly, with replacement, from all pairs; their slopes. */
        private double[] sampleAllPairs(int m) {
            long[] draws = sortedDraws(m, pairs);
            double[] out = new double[m];
            long cumulative = 0;
            int d = 0;
            for (int r = 0; r < n && d < m; r++) {
                long end = cumulative + pts.groupStart[r]; // partners of r: the ranks before its group
                while (d < m && draws[d] < end) {
                    out[d] = pts.slope((int) (draws[d] - cumulative), r);
                    d++;
                }
                cumulative = end;
            }
            return out;
        }

        /** {@code m} uniform draws from {@code [0, size)}, in ascending order (exponential spacings). */
        private long[] sortedDraws(int m, long size) {
            double[] sums = new double[m + 1];
            double total = 0;
            for (int i = 0; i <= m; i++) {
                total -= Math.log(1.0 - rng.nextDouble());
                sums[i] = total;
            }
            long[] draws = new long[m];
            for (int i = 0; i < m; i++) {
                draws[i] = Math.min(size - 1, (long) (sums[i] / total * size));
            }
            return draws;
        }

        /**
         * Settles the ranks of a group whose samples around them all equal {@code v} without
         * enumerating the block of pairs with slope {@code v}: the pairs with {@code σ < v},
         * {@code σ = v} and {@code σ > v} are told apart by exact keys at {@code v}, and a pair with
         * {@code σ = v} has {@code s = v} (at zero the y are equal; otherwise all differences are
         * exact, see {@link #exactKeysAt}). Only the thin bands between {@code below(v)} and
         * {@code v}, and between {@code v} and {@code above(v)}, are enumerated; at zero, the sign
         * of each zero slope is counted too.
         */
        private void certifyTie(Group g, double v, long[] rs, Deque<Group> work) {
            boolean zero = v == 0;
            double loV = zero ? -0.0 : v;
            double hiV = zero ? 0.0 : v;
            Threshold a = lowerAt(loV);
            Threshold vUpper = exactThreshold(false, Math.nextDown(loV), v, 0, true); // σ ≥ v excluded
            long[] nearBelow = new long[2];
            new Band(a, vUpper, pairs - a.excluded() - vUpper.excluded()).forEach(s -> {
                if (Double.compare(s, loV) < 0) {
                    nearBelow[0]++;
                }
                if (Double.doubleToRawLongBits(s) == Long.MIN_VALUE) {
                    nearBelow[1]++; // -0.0 from an underflowing negative quotient
                }
            });
            long countBelow = a.excluded() + nearBelow[0];
            Threshold vLower = exactThreshold(true, Math.nextUp(hiV), v, 0, true); // σ ≤ v excluded
            Threshold b = upperAt(hiV);
            long[] nearAbove = new long[1];
            new Band(vLower, b, pairs - vLower.excluded() - b.excluded()).forEach(s -> {
                if (Double.compare(s, hiV) > 0) {
                    nearAbove[0]++;
                }
            });
            long countAtMost = pairs - b.excluded() - nearAbove[0];
            long negativeZeros = zero ? nearBelow[1] + zeroSignPairs() : 0;
            long[] lowRanks = Arrays.stream(rs).filter(k -> k < countBelow).toArray();
            long[] highRanks = Arrays.stream(rs).filter(k -> k >= countAtMost).toArray();
            for (long k : rs) {
                if (k >= countBelow && k < countAtMost) {
                    record(k, !zero ? v : k < countBelow + negativeZeros ? -0.0 : 0.0);
                }
            }
            if (lowRanks.length > 0) {
                Threshold lower = compatible(g.lower(), vUpper) ? g.lower() : bottom;
                work.push(new Group(lower, vUpper, lowRanks, g.spread(), g.rounds() + 1, Long.MAX_VALUE, null));
            }
            if (highRanks.length > 0) {
                Threshold upper = compatible(vLower, g.upper()) ? g.upper() : top;
                work.push(new Group(vLower, upper, highRanks, g.spread(), g.rounds() + 1, Long.MAX_VALUE, null));
            }
        }

        /**
         * Whether exact keys at the dyadic {@code T = v + h} are available. At zero the key is
         * {@code y}. Otherwise all differences must be exact, and then every shifted point is
         * {@code (X·2^gx, Y·2^gy)} with integers below 2^53 and {@code T = M·2^e}, so
         * {@code (y - T·x)/2^g = Y·2^(gy-g) - M·X·2^(e+gx-g)} with {@code g = min(gy, e+gx)} is an
         * integer; it must fit 126 bits.
         */
        private boolean exactKeysAt(double v, double h) {
            return v == 0 && h == 0 || keyTerms(v, h) != null;
        }

        /** {@code {M, e, gy - g, e + gx - g}} for {@link #exactKeysAt}, or null. */
        private long[] keyTerms(double v, double h) {
            if (!pts.exactDifferences || v == 0 || !Double.isFinite(v)) {
                return null;
            }
            long bits = Double.doubleToRawLongBits(v);
            int field = (int) ((bits >>> 52) & 0x7ff);
            long m = field == 0 ? bits & ((1L << 52) - 1) : (bits & ((1L << 52) - 1)) | 1L << 52;
            long e = field == 0 ? -1074 : field - 1075L;
            if (bits < 0) {
                m = -m;
            }
            if (h != 0) { // h is ± a power of two below the last bit of v
                long he = lowBit(h);
                if (e - he < 1 || e - he > 8) {
                    return null;
                }
                m = (m << (e - he)) + (h > 0 ? 1 : -1);
                e = he;
            }
            long gy = pts.gridY == Integer.MAX_VALUE ? e + pts.gridX : pts.gridY;
            long g = Math.min(gy, e + pts.gridX);
            long yShift = gy - g;
            long xShift = e + pts.gridX - g;
            int mBits = 64 - Long.numberOfLeadingZeros(Math.abs(m));
            if (pts.yUnitBits + yShift > 125 || mBits + pts.xUnitBits + xShift > 125) {
                return null;
            }
            return new long[] {m, e, yShift, xShift};
        }

        /**
         * Sorts {@code order} stably by the exact keys at {@code v + h} (never zero), as 128-bit
         * integers in {@link #exactHigh} and {@link #exactLow}; returns the pairs put in the other order.
         */
        private long sortExactKeys(int[] order, double v, double h) {
            long[] terms = keyTerms(v, h);
            if (terms == null) {
                throw new IllegalStateException("internal error: no exact keys at " + v + " + " + h);
            }
            long m = terms[0];
            int yShift = (int) terms[2];
            int xShift = (int) terms[3];
            for (int p = 0; p < n; p++) {
                int r = order[p];
                long y = pts.yUnits[r];
                long yHi = shiftLeftHigh(y >> 63, y, yShift);
                long yLo = shiftLeftLow(y, yShift);
                long prodLo = m * pts.xUnits[r];
                long prodHi = Math.multiplyHigh(m, pts.xUnits[r]);
                long xHi = shiftLeftHigh(prodHi, prodLo, xShift);
                long xLo = shiftLeftLow(prodLo, xShift);
                long lo = yLo - xLo;
                exactHigh[p] = yHi - xHi - (Long.compareUnsigned(yLo, xLo) < 0 ? 1 : 0);
                exactLow[p] = lo;
            }
            return sorter.sort(exactHigh, exactLow, order);
        }

        private static long shiftLeftHigh(long hi, long lo, int shift) {
            if (shift == 0) {
                return hi;
            }
            return shift < 64 ? hi << shift | lo >>> (64 - shift) : lo << (shift - 64);
        }

        private static long shiftLeftLow(long lo, int shift) {
            return shift < 64 ? lo << shift : 0;
        }

        /**
         * Settles the ranks of a group whose samples around them all equal {@code v}, when every
         * difference is exact: then {@code s = RN(σ)}, so {@code s = v} exactly for {@code σ}
         * strictly between the midpoints {@code m⁻ = v + hDown} and {@code m⁺ = v + hUp} to the
         * neighbouring doubles. No {@code σ} equals a midpoint: a midpoint has 54 significant bits,
         * and {@code dy = m·dx} would need them in the exact difference {@code dy}, a double (checked
         * all the same). With exact keys at both midpoints one sort each counts the pairs below them
         * exactly; no pair is enumerated. Returns false when the keys would not be exact.
         */
        private boolean certifyByMidpoints(Group g, double v, long[] rs, Deque<Group> work) {
            if (!pts.exactDifferences || !(Math.abs(v) >= 0x1p-1000 && Math.abs(v) <= 0x1p1000)) {
                return false;
            }
            double vDown = Math.nextDown(v);
            double vUp = Math.nextUp(v);
            double hDown = (vDown - v) / 2; // exact: neighbours differ by a power of two
            double hUp = (vUp - v) / 2;
            if (!exactKeysAt(v, hDown) || !exactKeysAt(v, hUp)) {
                return false;
            }
            int[] downOrder = identity.clone();
            long countBelow = sortExactKeys(downOrder, v, hDown); // pairs with σ < m⁻, i.e. s < v
            boolean tied = distinctXTies(downOrder) > 0;
            int[] upOrder = identity.clone();
            long countAtMost = sortExactKeys(upOrder, v, hUp); // pairs with σ < m⁺, i.e. s ≤ v
            if (tied || distinctXTies(upOrder) > 0) {
                return false;
            }
            long[] lowRanks = Arrays.stream(rs).filter(k -> k < countBelow).toArray();
            long[] highRanks = Arrays.stream(rs).filter(k -> k >= countAtMost).toArray();
            for (long k : rs) {
                if (k >= countBelow && k < countAtMost) {
                    record(k, v);
                }
            }
            // Without ties the key orders need no tie rule: they serve as either side's order.
            if (lowRanks.length > 0) {
                Threshold upper = new Threshold(false, vDown, v, hDown, false, downOrder, pairs - countBelow);
                Threshold lower = compatible(g.lower(), upper) ? g.lower() : bottom;
                work.push(new Group(lower, upper, lowRanks, g.spread(), g.rounds() + 1, Long.MAX_VALUE, null));
            }
            if (highRanks.length > 0) {
                Threshold lower = new Threshold(true, vUp, v, hUp, false, upOrder, countAtMost);
                Threshold upper = compatible(lower, g.upper()) ? g.upper() : top;
                work.push(new Group(lower, upper, highRanks, g.spread(), g.rounds() + 1, Long.MAX_VALUE, null));
            }
            return true;
        }

        /** Pairs with distinct x and equal exact keys, just sorted (ties by rank, so by x). */
        private long distinctXTies(int[] sortedOrder) {
            long ties = 0;
            int start = 0;
            while (start < n) {
                int end = start + 1;
                while (end < n && exactHigh[end] == exactHigh[start] && exactLow[end] == exactLow[start]) {
                    end++;
                }
                if (end - start > 1) {
                    long run = end - start;
                    ties += run * (run - 1) / 2;
                    int groupStart = start;
                    for (int i = start + 1; i <= end; i++) {
                        if (i == end || pts.xs[sortedOrder[i]] != pts.xs[sortedOrder[groupStart]]) {
                            long same = i - groupStart;
                            ties -= same * (same - 1) / 2;
                            groupStart = i;
                        }
                    }
                }
                start = end;
            }
            return ties;
        }

        /** Pairs with x[i] &gt; x[j], y[i] = -0.0 and y[j] = 0.0: their slope is -0.0. */
        private long zeroSignPairs() {
            if (zeroSignPairs < 0) {
                int[] positiveZerosBefore = new int[n + 1];
                for (int r = 0; r < n; r++) {
                    boolean positiveZero = Double.doubleToRawLongBits(pts.ys[r]) == 0L;
                    positiveZerosBefore[r + 1] = positiveZerosBefore[r] + (positiveZero ? 1 : 0);
                }
                long count = 0;
                for (int r = 0; r < n; r++) {
                    if (Double.doubleToRawLongBits(pts.ys[r]) == Long.MIN_VALUE) {
                        count += positiveZerosBefore[pts.groupStart[r]];
                    }
                }
                zeroSignPairs = count;
            }
            return zeroSignPairs;
        }

        private void finishByCollecting(Group g, long size, Deque<Group> work) {
            long[] band = new long[(int) size];
            int[] fill = new int[1];
            new Band(g.lower(), g.upper(), size).forEach(s -> band[fill[0]++] = sortable(s));
            long lo = sortable(g.lower().bound());
            long hi = sortable(g.upper().bound());
            long below = g.lower().excluded();
            long atMost = below;
            for (long key : band) {
                below += key < lo ? 1 : 0;
                atMost += key <= hi ? 1 : 0;
            }
            long[] rs = g.ranks();
            if (rs.length > 1) {
                Arrays.sort(band);
            }
            for (long k : rs) {
                if (k < below) {
                    retry(g, k, Found.BELOW, work);
                } else if (k >= atMost) {
                    retry(g, k, Found.ABOVE, work);
                } else {
                    int index = (int) (k - g.lower().excluded());
                    record(k, fromSortable(rs.length > 1 ? band[index] : quickselect(band, index)));
                }
            }
        }

        /** The {@code index}-th smallest of {@code a} (reordered), by Hoare's selection with random pivots. */
        private long quickselect(long[] a, int index) {
            int lo = 0;
            int hi = a.length - 1;
            while (lo < hi) {
                long pivot = a[lo + rng.nextInt(hi - lo + 1)];
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (a[i] < pivot) {
                        i++;
                    }
                    while (a[j] > pivot) {
                        j--;
                    }
                    if (i <= j) {
                        long t = a[i];
                        a[i++] = a[j];
                        a[j--] = t;
                    }
                }
                if (index <= j) {
                    hi = j;
                } else if (index >= i) {
                    lo = i;
                } else {
                    return a[index];
                }
            }
            return a[index];
        }

        private void finishByStreaming(Group g, Deque<Group> work) {
            long size = pairs - g.lower().excluded() - g.upper().excluded();
            Band band = new Band(g.lower(), g.upper(), size);
            Found last = null;
            for (long k : g.ranks()) {
                if (last != null && last.region() != null && k >= last.regionStart()
                        && k - last.regionStart() < last.region().length) {
                    record(k, fromSortable(last.region()[(int) (k - last.regionStart())]));
                    continue;
                }
                long lo = sortable(g.lower().bound());
                long hi = sortable(g.upper().bound());
                long[] split = firstSplit(g.hint(), (k - g.lower().excluded() + 0.5) / size, lo, hi);
                Found found = streamSelect(band::forEach, g.lower().excluded(), lo, hi, split[0], split[1], k);
                last = found;
                if (found.side() == 0) {
                    record(k, found.value());
                } else {
                    retry(g, k, found, work);
                }
            }
        }

        /** A bracket in {@code [lo, hi]} around the fraction {@code p} of a sorted sample, or the whole range. */
        private long[] firstSplit(double[] hint, double p, long lo, long hi) {
            if (hint == null || hint.length < 16 || !(p > 0 && p < 1)) {
                return new long[] {lo, hi};
            }
            int m = hint.length;
            double d = spread * Math.sqrt(m * p * (1 - p)) + 1;
            int loI = (int) Math.floor(p * m - d);
            int hiI = (int) Math.ceil(p * m + d);
            long l = loI < 0 ? lo : Math.max(lo, sortable(hint[loI]));
            long h = hiI >= m ? hi : Math.min(hi, sortable(hint[hiI]));
            return l <= h ? new long[] {l, h} : new long[] {lo, hi};
        }

        /** The rank lies outside the group's bounds: widen the failing side, with wider brackets. */
        private void retry(Group g, long k, Found side, Deque<Group> work) {
            Threshold lower = side == Found.BELOW ? bottom : g.lower();
            Threshold upper = side == Found.ABOVE ? top : g.upper();
            work.push(new Group(lower, upper, new long[] {k}, g.spread() * 2, g.rounds() + 1,
                    Long.MAX_VALUE, null));
        }

        private double streamAll(long k) {
            SlopeSource all = sink -> {
                for (int r = 0; r < n; r++) {
                    for (int q = 0, end = pts.groupStart[r]; q < end; q++) {
                        sink.accept(pts.slope(q, r));
                    }
                }
            };
            Found found = streamSelect(all, 0, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, k);
            if (found.side() != 0) {
                throw new IllegalStateException("internal error: rank " + k + " outside all slopes");
            }
            return found.value();
        }

        /**
         * Exact selection by passes over a stream of slopes: {@code base} slopes outside the stream
         * are below {@code lo}, the others outside it above {@code hi} (all as sortable keys). The
         * first pass checks that rank {@code k} lies in {@code [lo, hi]}; each pass counts three
         * sub-ranges exactly (split at {@code splitLow} and {@code splitHigh} on the first pass) and
         * keeps reservoir samples of them to split the one holding the rank, until it is one value
         * or small enough to keep.
         */
        private Found streamSelect(SlopeSource source, long base, long lo, long hi, long firstSplitLow,
                                   long firstSplitHigh, long k) {
            long low = lo;
            long high = hi;
            long splitLow = firstSplitLow;
            long splitHigh = firstSplitHigh;
            boolean checked = false;
            for (int pass = 0; pass < MAX_STREAM_PASSES; pass++) {
                // Only the middle region keeps its slopes: the rank is expected there.
                Region r1 = new Region(low, splitLow - 1, false);
                Region r2 = new Region(splitLow, splitHigh, true);
                Region r3 = new Region(splitHigh + 1, high, false);
                long[] outsideBelow = new long[1];
                long l = low;
                long h = high;
                long sl = splitLow;
                long sh = splitHigh;
                source.forEach(s -> {
                    long key = sortable(s);
                    if (key < l) {
                        outsideBelow[0]++;
                    } else if (key <= h) {
                        (key < sl ? r1 : key <= sh ? r2 : r3).add(key);
                    }
                });
                long belowLow = base + outsideBelow[0];
                if (!checked) {
                    if (k < belowLow) {
                        return Found.BELOW;
                    }
                    if (k >= belowLow + r1.count + r2.count + r3.count) {
                        return Found.ABOVE;
                    }
                    checked = true;
                }
                Region chosen;
                if (k < belowLow + r1.count) {
                    chosen = r1;
                } else if (k < belowLow + r1.count + r2.count) {
                    chosen = r2;
                    belowLow += r1.count;
                } else {
                    chosen = r3;
                    belowLow += r1.count + r2.count;
                }
                long local = k - belowLow;
                if (chosen.buffer != null) {
                    long[] all = Arrays.copyOf(chosen.buffer, (int) chosen.count);
                    Arrays.sort(all);
                    return new Found(0, fromSortable(all[(int) local]), all, belowLow);
                }
                low = chosen.low;
                high = chosen.high;
                if (low == high) {
                    return Found.of(fromSortable(low));
                }
                long[] sample = Arrays.copyOf(chosen.reservoir, chosen.reservoirSize());
                Arrays.sort(sample);
                int m = sample.length;
                double p = (local + 0.5) / chosen.count;
                double d = spread * Math.sqrt(m * p * (1 - p)) + 1;
                int loI = (int) Math.floor(p * m - d);
                int hiI = (int) Math.ceil(p * m + d);
                splitLow = loI < 0 ? low : sample[loI];
                splitHigh = hiI >= m ? high : sample[hiI];
                if (splitLow == low && splitHigh == high) { // no progress: split at a sampled value
                    splitLow = sample[m / 2];
                    splitHigh = splitLow;
                }
            }
            throw new IllegalStateException("internal error: slope selection did not converge");
        }

        /** Slopes (as sortable keys) in [low, high]: exact count, reservoir sample, all of them while few. */
        private final class Region {
            final long low;
            final long high;
            long count;
            long[] buffer;
            final long[] reservoir = new long[streamSample];
            double w;
            long next;

            Region(long low, long high, boolean buffered) {
                this.low = low;
                this.high = high;
                buffer = buffered ? new long[16] : null;
            }

            int reservoirSize() {
                return (int) Math.min(count, reservoir.length);
            }

            void add(long key) {
                if (buffer != null) {
                    if (count == buffer.length) {
                        buffer = count >= budget ? null : Arrays.copyOf(buffer, (int) Math.min(budget, 2 * count));
                    }
                    if (buffer != null) {
                        buffer[(int) count] = key;
                    }
                }
                count++;
                int m = reservoir.length;
                if (count <= m) {
                    reservoir[(int) count - 1] = key;
                    if (count == m) {
                        w = Math.exp(Math.log(uniform()) / m);
                        next = count + skip();
                    }
                } else if (count == next) { // Li's algorithm L: random skips, few random numbers
                    reservoir[rng.nextInt(m)] = key;
                    w *= Math.exp(Math.log(uniform()) / m);
                    next = count + skip();
                }
            }

            private long skip() {
                return (long) Math.floor(Math.log(uniform()) / Math.log1p(-w)) + 1;
            }

            private double uniform() {
                return 1.0 - rng.nextDouble(); // (0, 1]
            }
        }

        /**
         * The pairs ordered differently by a lower and an upper threshold. With the points listed in
         * the lower order, {@code p[q]} is the position of the q-th point in the upper order; the band
         * is the set of inversions of {@code p}, an earlier point (smaller x) with a larger position.
         */
        private final class Band {
            private final int[] upperOrder;
            private final int[] p;
            private final long size;

            Band(Threshold lower, Threshold upper, long size) {
                this.size = size;
                upperOrder = upper.order();
                for (int q = 0; q < n; q++) {
                    pos[upperOrder[q]] = q;
                }
                p = bandP;
                int[] lowerOrder = lower.order();
                for (int q = 0; q < n; q++) {
                    p[q] = pos[lowerOrder[q]];
                }
            }

            /** Slope of a band pair given by upper-order positions; the larger x comes first there. */
            private double slope(int largerXPosition, int smallerXPosition) {
                int v = upperOrder[largerXPosition];
                int u = upperOrder[smallerXPosition];
                if (!(pts.xs[v] > pts.xs[u])) {
                    throw new IllegalStateException("internal error: band pair without increasing x");
                }
                return pts.slope(u, v);
            }

            /** {@code m} pairs drawn uniformly, with replacement, from the band; their slopes. */
            double[] sample(int m) {
                long[] draws = sortedDraws(m, size);
                Arrays.fill(tree, 0);
                long total = 0;
                for (int q = 0; q < n; q++) {
                    counts[q] = q - prefix(p[q]); // earlier points with a larger position
                    total += counts[q];
                    add(p[q]);
                }
                if (total != size) {
                    throw new IllegalStateException("internal error: band of " + total + " pairs, expected " + size);
                }
                Arrays.fill(tree, 0);
                double[] out = new double[m];
                long cumulative = 0;
                int d = 0;
                for (int q = 0; q < n && d < m; q++) {
                    long end = cumulative + counts[q];
                    while (d < m && draws[d] < end) {
                        int rank = q - counts[q] + (int) (draws[d] - cumulative);
                        out[d++] = slope(p[q], kth(rank));
                    }
                    add(p[q]);
                    cumulative = end;
                }
                return out;
            }

            private int prefix(int value) {
                int sum = 0;
                for (int i = value; i > 0; i -= i & -i) {
                    sum += tree[i];
                }
                return sum;
            }

            private void add(int value) {
                for (int i = value + 1; i <= n; i += i & -i) {
                    tree[i]++;
                }
            }

            /** The inserted value with {@code rank} smaller inserted values. */
            private int kth(int rank) {
                int position = 0;
                int remaining = rank + 1;
                for (int step = Integer.highestOneBit(n); step > 0; step >>= 1) {
                    int next = position + step;
                    if (next <= n && tree[next] < remaining) {
                        position = next;
                        remaining -= tree[next];
                    }
                }
                return position;
            }

            /** Every pair of the band, by a merge sort of {@code p} that lists its inversions. */
            void forEach(SlopeSink sink) {
                int[] a = mergeA;
                System.arraycopy(p, 0, a, 0, n);
                long emitted = 0;
                for (int s = 0; s < n; s += RUN) {
                    int e = Math.min(s + RUN, n);
                    for (int i = s + 1; i < e; i++) {
                        int v = a[i];
                        int j = i - 1;
                        while (j >= s && a[j] > v) {
                            sink.accept(slope(v, a[j]));
                            a[j + 1] = a[j];
                            j--;
                        }
                        emitted += i - 1 - j;
                        a[j + 1] = v;
                    }
                }
                int[] src = a;
                int[] dst = mergeB;
                for (int w = RUN; w < n; w <<= 1) {
                    for (int lo = 0; lo < n; lo += 2 * w) {
                        int mid = Math.min(lo + w, n);
                        int hi = Math.min(lo + 2 * w, n);
                        int i = lo;
                        int j = mid;
                        int o = lo;
                        if (mid < hi && src[mid] < src[mid - 1]) {
                            while (i < mid && j < hi) {
                                if (src[j] < src[i]) {
                                    int v = src[j];
                                    for (int t = i; t < mid; t++) {
                                        sink.accept(slope(v, src[t]));
                                    }
                                    emitted += mid - i;
                                    dst[o++] = v;
                                    j++;
                                } else {
                                    dst[o++] = src[i++];
                                }
                            }
                        }
                        System.arraycopy(src, i, dst, o, mid - i);
                        o += mid - i;
                        System.arraycopy(src, j, dst, o, hi - j);
                    }
                    int[] t = src;
                    src = dst;
                    dst = t;
                }
                if (emitted != size) {
                    throw new IllegalStateException("internal error: band of " + emitted + " pairs, expected " + size);
                }
            }
        }
    }
}
