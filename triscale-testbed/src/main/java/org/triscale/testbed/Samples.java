package org.triscale.testbed;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * Samples of one quantity read from a tool's output, ready for {@code RunContext.recordSamples(metric, x(), y())}.
 *
 * @param name the quantity, e.g. {@code "throughput"}
 * @param unit its unit, e.g. {@code "Mbit/s"}
 * @param x    each sample's abscissa (usually its time in seconds, or a flow's index)
 * @param y    each sample's value, as many as {@code x}
 * @param dropped how many rows of the input the parser left out by a documented rule (for CSV and
 *             JSON lines: the field missing, empty, {@code null} or {@code nan}), so that callers
 *             can report them; 0 for the formats that refuse such rows
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Samples(String name, String unit, double[] x, double[] y, int dropped) {
    /** Checks the arrays have the same length and the count of dropped rows is not negative. */
    public Samples {
        if (x.length != y.length) {
            throw new IllegalArgumentException(name + ": " + x.length + " abscissae for " + y.length + " values");
        }
        if (dropped < 0) {
            throw new IllegalArgumentException(name + ": dropped must be >= 0, got " + dropped);
        }
    }

    /**
     * Samples of which the parser dropped no row.
     *
     * @param name the quantity
     * @param unit its unit
     * @param x    each sample's abscissa
     * @param y    each sample's value, as many as {@code x}
     */
    public Samples(String name, String unit, double[] x, double[] y) {
        this(name, unit, x, y, 0);
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
                && Arrays.equals(x, s.x) && Arrays.equals(y, s.y) && dropped == s.dropped;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * name.hashCode() + Arrays.hashCode(x)) + Arrays.hashCode(y)) + dropped;
    }

    @Override
    public String toString() {
        return name + " [" + unit + "]: " + y.length + " samples" + (dropped == 0 ? "" : ", " + dropped + " rows dropped");
    }

    /** A growable pair of arrays, so that parsers add samples without boxing. */
    static final class Builder {
        private final String name;
        private final String unit;
        private double[] x = new double[64];
        private double[] y = new double[64];
        private int size;
        private int dropped;

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

        /** Counts a row left out by a documented rule. */
        void drop() {
            dropped++;
        }

        int size() {
            return size;
        }

        Samples build() {
            return new Samples(name, unit, Arrays.copyOf(x, size), Arrays.copyOf(y, size), dropped);
        }
    }
}
