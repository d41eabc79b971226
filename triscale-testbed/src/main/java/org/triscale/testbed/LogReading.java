package org.triscale.testbed;

import org.apiguardian.api.API;

/**
 * One field read from a log, with what a user needs to compare it with the tool's own summary.
 *
 * @param samples        the samples
 * @param source         where the samples come from, in words (e.g. "flent raw_values (99 points)")
 * @param toolMean       the run's mean as the tool itself computes it (iperf3: intervals weighted
 *                       by their duration, bytes over seconds; flent: the series metadata's
 *                       {@code MEAN_VALUE}, else the mean of the data it uses), NaN when the format
 *                       has no such rule and the plain mean of the samples is the tool's
 * @param toolMeanSource how {@code toolMean} is computed, empty when it is NaN
 * @param runValue       true when the field is one value for the whole run (iperf3's
 *                       {@code end.sum_received}): it is the run's metric as it stands, no measure applies
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public record LogReading(Samples samples, String source, double toolMean, String toolMeanSource, boolean runValue) {
    /** Checks the texts are given. */
    public LogReading {
        java.util.Objects.requireNonNull(samples, "samples");
        source = source == null ? "" : source;
        toolMeanSource = toolMeanSource == null ? "" : toolMeanSource;
    }

    /**
     * Samples with nothing to add.
     *
     * @param samples the samples
     * @param source  where they come from
     * @return the reading
     */
    static LogReading plain(Samples samples, String source) {
        return new LogReading(samples, source, Double.NaN, "", false);
    }
}
