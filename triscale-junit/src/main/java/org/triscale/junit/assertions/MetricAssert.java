package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Direction;
import org.triscale.junit.sequel.Sequel;

import org.assertj.core.api.WritableAssertionInfo;

/**
 * Comparisons of one metric of a sequel (the candidate) with another sequel (the reference),
 * with the statistics of the regression gate ({@link org.triscale.engine.comparison.SequelComparison}):
 * paired on shared seeds (Wilcoxon signed-rank, Hodges–Lehmann with Walsh-average interval),
 * unpaired otherwise (Wilcoxon–Mann–Whitney, Hodges–Lehmann with Moses' interval), on the log
 * scale for positive metrics.
 *
 * <p>Each assertion reads the {@code 1 − 2α} interval of the relative change: its end on the side
 * asked about is a one-sided bound at {@code 1 − α}, so a false "worse" (or a false "not worse")
 * happens with probability at most α (1 % by default). When the interval straddles the margin the
 * assertion fails with "cannot tell" and the change this design can detect: never a silent pass.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class MetricAssert {
    private final Sequel actual;
    private final String metric;
    private final WritableAssertionInfo info;
    private ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER);

    MetricAssert(Sequel actual, String metric, WritableAssertionInfo info) {
        this.actual = actual;
        this.metric = metric;
        this.info = info;
    }

    /** The metric is better when higher (throughput); lower is better by default (FCT, delay). */
    public MetricAssert higherIsBetter() {
        settings = new ComparisonSettings(Direction.HIGHER_IS_BETTER, settings.alpha(), settings.power(),
                settings.tolerance(), settings.scorePercentile(), settings.scoreConfidence(),
                settings.pairedTest());
        return this;
    }

    /**
     * Declares that each run depends on its seed only (an emulator, a simulator), so that the pairs
     * of runs on the same seeds are independent: the paired comparison tests the runs (design
     * {@code paired}) instead of first checking the pairs for serial correlation, which leaves one
     * series of fewer than 20 pairs inconclusive when it sees some. On a real test bed this
     * declaration is false and raises false alarms; interleave the two sides there instead.
     *
     * @return this
     * @since 0.3.0
     */
    public MetricAssert independentRuns() {
        settings = settings.withPairedTest(org.triscale.engine.comparison.PairedTest.RUNS);
        return this;
    }

    /**
     * Another false-alarm rate (1 % by default).
     *
     * @param alpha the rate of each one-sided statement, in (0, 0.5)
     * @return this
     */
    public MetricAssert withAlpha(double alpha) {
        settings = settings.withAlpha(alpha);
        return this;
    }

    /**
     * Starts the assertion that this metric is worse than the reference's; nothing is checked until
     * {@link ComparisonAssert#byAtLeast}.
     *
     * @param reference the sequel compared with
     * @return the comparison to complete
     */
    public ComparisonAssert isWorseThan(Sequel reference) {
        return new ComparisonAssert(actual, reference, metric, settings, true, info);
    }

    /**
     * Starts the assertion that this metric is not worse than the reference's beyond a tolerance;
     * nothing is checked until {@link ComparisonAssert#withTolerance}.
     *
     * @param reference the sequel compared with
     * @return the comparison to complete
     */
    public ComparisonAssert isNotWorseThan(Sequel reference) {
        return new ComparisonAssert(actual, reference, metric, settings, false, info);
    }
}
