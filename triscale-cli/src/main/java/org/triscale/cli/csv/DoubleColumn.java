package org.triscale.cli.csv;

import java.util.Arrays;

/** A growable array of doubles: one per CSV column read, so no object is made per row. */
final class DoubleColumn {
    private double[] values = new double[1024];
    private int size;

    void add(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, values.length * 2L));
        }
        values[size++] = value;
    }

    /** Makes room for {@code capacity} values at once, so that a large column is not copied as it grows. */
    void reserve(int capacity) {
        if (capacity > values.length) {
            values = Arrays.copyOf(values, capacity);
        }
    }

    int size() {
        return size;
    }

    double[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }

    /** Copies the values into {@code target} from index {@code at}; returns the index after them. */
    int copyInto(double[] target, int at) {
        System.arraycopy(values, 0, target, at, size);
        return at + size;
    }
}
