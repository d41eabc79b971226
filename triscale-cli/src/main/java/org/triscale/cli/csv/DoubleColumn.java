package org.triscale.cli.csv;

import java.util.Arrays;

/** A growable array of doubles: one per CSV column read, so no object is made per row. */
final class DoubleColumn {
    private double[] values = new double[1024];
    private int size;

    void add(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[size++] = value;
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
