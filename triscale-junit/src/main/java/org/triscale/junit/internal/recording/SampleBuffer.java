package org.triscale.junit.internal.recording;

import java.util.Arrays;

/**
 * The samples of one metric in one run, in growable primitive arrays (no boxing per sample).
 * NaN samples are dropped and counted; their position still advances, so implicit x values stay
 * the samples' positions. Weighted samples (importance sampling) keep a weight per value and
 * implicit x values; a metric of a run is either weighted or not.
 */
final class SampleBuffer {
    private static final int INITIAL_CAPACITY = 64;

    /**
     * The x values; null while they are implicit and no NaN was dropped (x of sample i is then
     * i), which saves a store and 8 bytes per sample on the usual path.
     */
    private double[] xs;
    private double[] ys = new double[0];
    /** The weights of weighted samples; null for unweighted ones. */
    private double[] ws;
    private int size;
    private int droppedNaN;
    private Boolean explicitX;
    /**
     * The size up to which {@link #tryAdd(double)} may store a value: the capacity while x is
     * implicit and not stored and there are no weights, else 0. One comparison then decides the
     * recorder's fast path; {@link #limits()} keeps it current after every other change.
     */
    private int valueLimit;
    /** The size up to which {@link #tryAdd(double, double)} may store a pair: the capacity with explicit x, else 0. */
    private int pairLimit;

    /**
     * The next sample's position (its implicit x): every sample, kept or dropped as NaN, advances
     * it by one, so it is the kept plus the dropped ones and needs no field of its own (a store
     * per sample less).
     */
    private long positions() {
        return (long) size + droppedNaN;
    }

    private void limits() {
        valueLimit = explicitX == Boolean.FALSE && xs == null && ws == null ? ys.length : 0;
        pairLimit = explicitX == Boolean.TRUE ? ys.length : 0;
    }

    /**
     * Stores a value that is not NaN when the buffer has room and takes values without x or
     * weights, as {@link #add(double)} would; returns false, changing nothing, otherwise (the
     * first value, a full buffer, another form), so the caller then takes {@link #add(double)}.
     * The fast path of a recorded sample: one comparison and two stores.
     */
    boolean tryAdd(double y) {
        int n = size;
        if (n < valueLimit) {
            ys[n] = y;
            size = n + 1;
            return true;
        }
        return false;
    }

    /**
     * Stores a pair without NaN when the buffer has room and takes explicit x, as
     * {@link #add(double, double)} would; returns false, changing nothing, otherwise.
     */
    boolean tryAdd(double x, double y) {
        int n = size;
        if (n < pairLimit) {
            xs[n] = x;
            ys[n] = y;
            size = n + 1;
            return true;
        }
        return false;
    }

    /** The x values as an array from now on: explicit x, or the first gap in the positions. */
    private void materializeX() {
        if (xs == null) {
            xs = new double[ys.length];
            for (int i = 0; i < size; i++) {
                xs[i] = i;
            }
        }
    }

    /** Adds a sample with an explicit x; returns false if this metric uses implicit x. */
    boolean add(double x, double y) {
        if (!form(true)) {
            return false;
        }
        append(x, y);
        limits();
        return true;
    }

    /** Adds a sample whose x is its position; returns false if this metric uses explicit x or weights. */
    boolean add(double y) {
        if (ws != null || !form(false)) {
            return false;
        }
        append(positions(), y);
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
        int before = size;
        append(positions(), y);
        if (size > before) {
            ws[before] = weight;
        }
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
        reserve(values.length);
        if (xs == null) {
            int dense = dense(values);
            if (dense == values.length) {
                System.arraycopy(values, 0, ys, size, dense);
                size += dense;
                limits();
                return true;
            }
            materializeX();
        }
        double[] x = xs;
        double[] y = ys;
        int kept = size;
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
        droppedNaN += values.length - (kept - size);
        size = kept;
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
        int kept = size;
        for (int i = 0; i < values.length; i++) {
            double xi = xValues[i];
            double yi = values[i];
            if (xi == xi && yi == yi) {
                x[kept] = xi;
                y[kept] = yi;
                kept++;
            }
        }
        droppedNaN += values.length - (kept - size);
        size = kept;
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
        if (size == 0 && ys.length < values.length) {
            // The first samples of the run: copied into new arrays, which are then not zeroed first.
            int capacity = Math.max(INITIAL_CAPACITY, values.length);
            if (xValues != null) {
                xs = Arrays.copyOf(xValues, capacity);
            }
            ys = Arrays.copyOf(values, capacity);
        } else {
            reserve(values.length);
            if (xValues != null) {
                System.arraycopy(xValues, 0, xs, size, values.length);
            }
            System.arraycopy(values, 0, ys, size, values.length);
        }
        size += values.length;
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

    /** Room for {@code more} samples: grows once, by at least half, so bulk adds stay amortised. */
    private void reserve(int more) {
        int needed = size + more;
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

    private void append(double x, double y) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            droppedNaN++;
            materializeX();
            return;
        }
        if (size == ys.length) {
            int capacity = Math.max(INITIAL_CAPACITY, size + (size >> 1));
            if (xs != null) {
                xs = Arrays.copyOf(xs, capacity);
            }
            ys = Arrays.copyOf(ys, capacity);
            if (ws != null) {
                ws = Arrays.copyOf(ws, capacity);
            }
        }
        if (xs != null) {
            xs[size] = x;
        }
        ys[size] = y;
        size++;
    }

    /** Number of samples kept. */
    int size() {
        return size;
    }

    /** Number of samples dropped because x or y was NaN. */
    int droppedNaN() {
        return droppedNaN;
    }

    /** A copy of the kept x values. */
    double[] xs() {
        if (xs == null) {
            double[] implicit = new double[size];
            for (int i = 0; i < size; i++) {
                implicit[i] = i;
            }
            return implicit;
        }
        return Arrays.copyOf(xs, size);
    }

    /** A copy of the kept y values. */
    double[] ys() {
        return Arrays.copyOf(ys, size);
    }

    /** A copy of the kept weights; only for weighted samples. */
    double[] weights() {
        return Arrays.copyOf(ws, size);
    }
}
