package org.triscale.junit.internal.recording;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The samples of one metric in one run, in primitive arrays (no boxing per sample).
 * NaN samples are dropped and counted; their position still advances, so implicit x values stay
 * the samples' positions. Weighted samples (importance sampling) keep a weight per value and
 * implicit x values; a metric of a run is either weighted or not.
 *
 * <p>Samples recorded one by one go into chunks: when the current arrays are full they are kept
 * as they are and new ones, twice as long (up to {@value #MAX_CHUNK} values), take the next
 * samples, so no sample is copied while recording and a run of n samples allocates about n values
 * more instead of about 3n with arrays grown by copying. The chunks are joined once, when the
 * samples are read ({@link #xs()}, {@link #ys()}, {@link #weights()} return copies in any case).
 * A bulk add grows the current chunk by copying, once per call, so that its values stay adjacent.
 */
final class SampleBuffer {
    private static final int INITIAL_CAPACITY = 64;
    /** The longest chunk a full one is followed by: bounds the unused room to 512 KiB per array. */
    static final int MAX_CHUNK = 1 << 16;

    /**
     * The x values of the current chunk; null while they are implicit and no NaN was dropped (x
     * of sample i is then i), which saves a store and 8 bytes per sample on the usual path.
     */
    private double[] xs;
    private double[] ys = new double[0];
    /** The weights of weighted samples in the current chunk; null for unweighted ones. */
    private double[] ws;
    /** The full chunks before the current one, oldest first (their x and weight lists only when stored). */
    private final List<double[]> fullXs = new ArrayList<>(0);
    private final List<double[]> fullYs = new ArrayList<>(0);
    private final List<double[]> fullWs = new ArrayList<>(0);
    /** The samples in the full chunks. */
    private int base;
    /** The samples in the current chunk. */
    private int count;
    private int droppedNaN;
    private Boolean explicitX;
    /**
     * The count up to which {@link #tryAdd(double)} may store a value: the chunk's length while x
     * is implicit and not stored and there are no weights, else 0. One comparison then decides
     * the recorder's fast path; {@link #limits()} keeps it current after every other change.
     */
    private int valueLimit;
    /** The count up to which {@link #tryAdd(double, double)} may store a pair: the chunk's length with explicit x, else 0. */
    private int pairLimit;

    /**
     * The next sample's position (its implicit x): every sample, kept or dropped as NaN, advances
     * it by one, so it is the kept plus the dropped ones and needs no field of its own (a store
     * per sample less).
     */
    private long positions() {
        return (long) size() + droppedNaN;
    }

    private void limits() {
        valueLimit = explicitX == Boolean.FALSE && xs == null && ws == null ? ys.length : 0;
        pairLimit = explicitX == Boolean.TRUE ? ys.length : 0;
    }

    /**
     * Stores a value that is not NaN when the chunk has room and the buffer takes values without x
     * or weights, as {@link #add(double)} would; returns false, changing nothing, otherwise (the
     * first value, a full chunk, another form), so the caller then takes {@link #add(double)}.
     * The fast path of a recorded sample: one comparison and two stores.
     */
    boolean tryAdd(double y) {
        int n = count;
        if (n < valueLimit) {
            ys[n] = y;
            count = n + 1;
            return true;
        }
        return false;
    }

    /**
     * Stores a pair without NaN when the chunk has room and the buffer takes explicit x, as
     * {@link #add(double, double)} would; returns false, changing nothing, otherwise.
     */
    boolean tryAdd(double x, double y) {
        boolean room = count < pairLimit;
        if (room) {
            xs[count] = x;
            ys[count++] = y;
        }
        return room;
    }

    /**
     * The x values as an array from now on: explicit x, or the first gap in the positions. The
     * chunks are joined first (once per buffer), so that every chunk either stores x or not.
     */
    private void materializeX() {
        if (xs == null) {
            if (base > 0) {
                int capacity = Math.max(INITIAL_CAPACITY, size() + (size() >> 1));
                ys = join(fullYs, ys, capacity);
                if (ws != null) {
                    ws = join(fullWs, ws, capacity);
                }
                fullYs.clear();
                fullWs.clear();
                count = size();
                base = 0;
            }
            xs = new double[ys.length];
            for (int i = 0; i < count; i++) {
                xs[i] = i;
            }
        }
    }

    /** Adds a sample with an explicit x; returns false if this metric uses implicit x. */
    boolean add(double x, double y) {
        if (!form(true)) {
            return false;
        }
        append(x, y, 0);
        limits();
        return true;
    }

    /** Adds a sample whose x is its position; returns false if this metric uses explicit x or weights. */
    boolean add(double y) {
        if (ws != null || !form(false)) {
            return false;
        }
        append(positions(), y, 0);
        limits();
        return true;
    }

    /**
     * Adds a value with its weight (x is its position); returns false if this metric has
     * unweighted samples. The weight is validated by the caller.
     */
    boolean addWeighted(double y, double weight) {
        if (explicitX == null) {
            ws = new double[0];
        }
        if (ws == null || !form(false)) {
            return false;
        }
        append(positions(), y, weight);
        limits();
        return true;
    }

    private boolean form(boolean explicit) {
        if (explicitX == null) {
            explicitX = explicit;
            if (explicit) {
                materializeX();
            }
        }
        return explicitX == explicit;
    }

    /** Whether the samples carry weights; false when none was recorded. */
    boolean weighted() {
        return ws != null;
    }

    /** Whether samples were given with explicit x values; {@code null} when none was recorded. */
    Boolean explicitX() {
        return explicitX;
    }

    /**
     * Adds samples whose x values are their positions, in one pass after one growth; returns
     * false if this metric uses explicit x or weights.
     */
    boolean addAll(double[] values) {
        if (values.length == 0) {
            return ws == null && explicitX != Boolean.TRUE;
        }
        if (ws != null || !form(false)) {
            return false;
        }
        if (xs == null) {
            int dense = dense(values);
            if (dense == values.length) {
                reserve(values.length);
                System.arraycopy(values, 0, ys, count, dense);
                count += dense;
                limits();
                return true;
            }
            materializeX();
        }
        reserve(values.length);
        double[] x = xs;
        double[] y = ys;
        int kept = count;
        long position = positions();
        for (double value : values) {
            // NaN is dropped but advances the position; the branch is rarely taken.
            if (value == value) {
                x[kept] = position;
                y[kept] = value;
                kept++;
            }
            position++;
        }
        droppedNaN += values.length - (kept - count);
        count = kept;
        limits();
        return true;
    }

    /**
     * Adds samples with explicit x values (same lengths, checked by the caller) in one pass after
     * one growth; returns false if this metric uses implicit x.
     */
    boolean addAll(double[] xValues, double[] values) {
        if (values.length == 0) {
            return explicitX != Boolean.FALSE;
        }
        if (!form(true)) {
            return false;
        }
        reserve(values.length);
        double[] x = xs;
        double[] y = ys;
        int kept = count;
        for (int i = 0; i < values.length; i++) {
            double xi = xValues[i];
            double yi = values[i];
            if (xi == xi && yi == yi) {
                x[kept] = xi;
                y[kept] = yi;
                kept++;
            }
        }
        droppedNaN += values.length - (kept - count);
        count = kept;
        limits();
        return true;
    }

    /**
     * Adds samples with explicit x values, none of them NaN (same lengths, checked by the caller),
     * by two array copies after one growth; returns false if this metric uses implicit x.
     */
    boolean addAllFinite(double[] xValues, double[] values) {
        if (values.length == 0) {
            return explicitX != Boolean.FALSE;
        }
        if (!form(true)) {
            return false;
        }
        appendFinite(xValues, values);
        return true;
    }

    /**
     * Adds values without NaN whose x values are their positions, by one array copy after one
     * growth while x is not stored (else as {@link #addAll(double[])}); returns false if this
     * metric uses explicit x or weights.
     */
    boolean addAllFinite(double[] values) {
        if (values.length == 0 || xs != null || ws != null || explicitX == Boolean.TRUE) {
            return addAll(values);
        }
        form(false);
        appendFinite(null, values);
        return true;
    }

    /** Appends NaN-free values, and their x values unless {@code xValues} is null (implicit x, not stored). */
    private void appendFinite(double[] xValues, double[] values) {
        if (count == 0 && ys.length < values.length) {
            // A new chunk: copied from the arrays, so it is not zeroed first.
            int capacity = Math.max(INITIAL_CAPACITY, values.length);
            if (xValues != null) {
                xs = Arrays.copyOf(xValues, capacity);
            }
            ys = Arrays.copyOf(values, capacity);
        } else {
            reserve(values.length);
            if (xValues != null) {
                System.arraycopy(xValues, 0, xs, count, values.length);
            }
            System.arraycopy(values, 0, ys, count, values.length);
        }
        count += values.length;
        limits();
    }

    /** The number of leading values that are not NaN. */
    private static int dense(double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] != values[i]) {
                return i;
            }
        }
        return values.length;
    }

    /**
     * Room for {@code more} samples in the current chunk: grows it once, by at least half, so
     * bulk adds stay amortised and their values adjacent.
     */
    private void reserve(int more) {
        int needed = count + more;
        if (needed > ys.length) {
            int capacity = Math.max(needed, Math.max(INITIAL_CAPACITY, ys.length + (ys.length >> 1)));
            if (xs != null) {
                xs = Arrays.copyOf(xs, capacity);
            }
            ys = Arrays.copyOf(ys, capacity);
            if (ws != null) {
                ws = Arrays.copyOf(ws, capacity);
            }
        }
    }

    /** Keeps the full current chunk and starts a new one, twice as long up to {@link #MAX_CHUNK}. */
    private void nextChunk() {
        int capacity = Math.max(INITIAL_CAPACITY, Math.min(MAX_CHUNK, 2 * ys.length));
        if (count > 0) {
            fullYs.add(ys);
            if (xs != null) {
                fullXs.add(xs);
            }
            if (ws != null) {
                fullWs.add(ws);
            }
            base += count;
            count = 0;
        }
        ys = new double[capacity];
        if (xs != null) {
            xs = new double[capacity];
        }
        if (ws != null) {
            ws = new double[capacity];
        }
    }

    /** Appends a sample (the weight only if the samples are weighted), or drops and counts it if x or y is NaN. */
    private void append(double x, double y, double weight) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            droppedNaN++;
            materializeX();
            return;
        }
        if (count == ys.length) {
            nextChunk();
        }
        if (xs != null) {
            xs[count] = x;
        }
        if (ws != null) {
            ws[count] = weight;
        }
        ys[count] = y;
        count++;
    }

    /** The values of the full chunks and the current one's first {@link #count}, in an array of the given length. */
    private double[] join(List<double[]> full, double[] current, int length) {
        double[] joined = new double[length];
        int at = 0;
        for (double[] chunk : full) {
            System.arraycopy(chunk, 0, joined, at, chunk.length);
            at += chunk.length;
        }
        System.arraycopy(current, 0, joined, at, count);
        return joined;
    }

    /** Number of samples kept. */
    int size() {
        return base + count;
    }

    /** Number of samples dropped because x or y was NaN. */
    int droppedNaN() {
        return droppedNaN;
    }

    /** A copy of the kept x values. */
    double[] xs() {
        if (xs == null) {
            double[] implicit = new double[size()];
            for (int i = 0; i < implicit.length; i++) {
                implicit[i] = i;
            }
            return implicit;
        }
        return join(fullXs, xs, size());
    }

    /** A copy of the kept y values. */
    double[] ys() {
        return join(fullYs, ys, size());
    }

    /** A copy of the kept weights; only for weighted samples. */
    double[] weights() {
        return join(fullWs, ws, size());
    }
}
