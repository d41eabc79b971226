package org.triscale.samples.ns3;

import java.util.Arrays;

/**
 * An immutable series of {@code (time, value)} samples in time order, such as the throughput bins
 * or the queue-delay samples of a run. A class rather than a record because it holds arrays: it
 * copies them in and out and compares their contents.
 */
public final class TimeSeries {
    private static final TimeSeries EMPTY = new TimeSeries(new double[0], new double[0]);

    private final double[] times;
    private final double[] values;

    private TimeSeries(double[] times, double[] values) {
        this.times = times;
        this.values = values;
    }

    /**
     * Creates a series from copies of the arrays.
     *
     * @param times  sample times in seconds, non-decreasing
     * @param values sample values, same length
     * @return the series
     * @throws IllegalArgumentException if the lengths differ or the times decrease
     */
    public static TimeSeries of(double[] times, double[] values) {
        if (times == null || values == null || times.length != values.length) {
            throw new IllegalArgumentException("times and values must be non-null arrays of the same length, got "
                    + (times == null ? "null" : times.length) + " and " + (values == null ? "null" : values.length));
        }
        for (int i = 1; i < times.length; i++) {
            if (!(times[i] >= times[i - 1])) {
                throw new IllegalArgumentException("times must be non-decreasing, got " + times[i - 1] + " then "
                        + times[i] + " at index " + i);
            }
        }
        return new TimeSeries(times.clone(), values.clone());
    }

    /**
     * The series without samples.
     *
     * @return an empty series
     */
    public static TimeSeries empty() {
        return EMPTY;
    }

    /** Wraps arrays the caller hands over and never touches again. */
    static TimeSeries adopt(double[] times, double[] values) {
        return new TimeSeries(times, values);
    }

    /**
     * Number of samples.
     *
     * @return the size
     */
    public int size() {
        return times.length;
    }

    /**
     * Time of one sample.
     *
     * @param index sample index in {@code [0, size())}
     * @return the time in seconds
     */
    public double time(int index) {
        return times[index];
    }

    /**
     * Value of one sample.
     *
     * @param index sample index in {@code [0, size())}
     * @return the value
     */
    public double value(int index) {
        return values[index];
    }

    /**
     * All sample times.
     *
     * @return a copy of the times in seconds
     */
    public double[] times() {
        return times.clone();
    }

    /**
     * All sample values.
     *
     * @return a copy of the values
     */
    public double[] values() {
        return values.clone();
    }

    /**
     * The samples whose time lies in {@code [from, to)}.
     *
     * @param fromSeconds inclusive start
     * @param toSeconds   exclusive end
     * @return the sub-series
     */
    public TimeSeries between(double fromSeconds, double toSeconds) {
        int from = lowerBound(fromSeconds);
        int to = Math.max(from, lowerBound(toSeconds));
        return new TimeSeries(Arrays.copyOfRange(times, from, to), Arrays.copyOfRange(values, from, to));
    }

    private int lowerBound(double time) {
        int low = 0;
        int high = times.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (times[mid] < time) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimeSeries series && Arrays.equals(times, series.times)
                && Arrays.equals(values, series.values);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(times) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "TimeSeries[" + times.length + " samples"
                + (times.length == 0 ? "" : ", " + times[0] + " s to " + times[times.length - 1] + " s") + "]";
    }
}
