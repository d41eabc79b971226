package org.triscale.junit;

/** How a {@link Metric} summarises one run's samples into one number. */
public enum Statistic {
    /** The median of the samples (the default). */
    MEDIAN,
    /** The {@link Metric#samplePercentile()} percentile of the samples. */
    PERCENTILE,
    /** The arithmetic mean of the samples. */
    MEAN,
    /** The smallest sample. */
    MINIMUM,
    /** The largest sample. */
    MAXIMUM
}
