package org.triscale.testbed;

import java.util.Arrays;

/**
 * Samples of one quantity read from a tool's output, ready for {@code RunContext.recordSamples(metric, x(), y())}.
 *
 * @param name the quantity, e.g. {@code "throughput"}
 * @param unit its unit, e.g. {@code "Mbit/s"}
 * @param x    each sample's abscissa (usually its time in seconds, or a flow's index)
 * @param y    each sample's value, as many as {@code x}
 */
public record Samples(String name, String unit, double[] x, double[] y) {
    /** Checks the arrays have the same length. */
    public Samples {
        if (x.length != y.length) {
            throw new IllegalArgumentException(name + ": " + x.length + " abscissae for " + y.length + " values");
        }
    }

    /**
     * Returns the number of samples.
     *
     * @return the count
     */
    public int size() {
        return y.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Samples s && name.equals(s.name) && unit.equals(s.unit)
                && Arrays.equals(x, s.x) && Arrays.equals(y, s.y);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(x)) + Arrays.hashCode(y);
    }

    @Override
    public String toString() {
        return name + " [" + unit + "]: " + y.length + " samples";
    }

    /** A growable pair of arrays, so that parsers add samples without boxing. */
    static final class Builder {
        private final String name;
        private final String unit;
        private double[] x = new double[64];
        private double[] y = new double[64];
        private int size;

        Builder(String name, String unit) {
            this.name = name;
            this.unit = unit;
        }

        void add(double xValue, double yValue) {
            if (size == x.length) {
                x = Arrays.copyOf(x, size * 2);
                y = Arrays.copyOf(y, size * 2);
            }
            x[size] = xValue;
            y[size++] = yValue;
        }

        int size() {
            return size;
        }

        Samples build() {
            return new Samples(name, unit, Arrays.copyOf(x, size), Arrays.copyOf(y, size));
        }
    }
}
