package org.triscale.junit;

import org.apiguardian.api.API;

/** How a {@link Metric} summarises one run's samples into one number. *
 * @since 0.1.0
 */
@API(status = API.Status.MAINTAINED, since = "0.1.0")
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
