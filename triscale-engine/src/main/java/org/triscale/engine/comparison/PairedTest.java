package org.triscale.engine.comparison;

import org.apiguardian.api.API;

import java.util.Locale;

/**
 * Which unit the paired comparison tests: the runs, or the series.
 *
 * <p>The per-run signed-rank test treats every pair as independent. Pairs are not independent
 * when a series shares an effect (baseline and candidate series ran on different days) or when
 * noise carries over from run to run within a series: with 5 series of 10 pairs, series effects
 * of σs = 0.035 or 0.07 (log scale, per-run σd = 0.08) or AR(1) noise with φ = 0.6 raise its
 * false-alarm rate at α = 1 % to about 10 %, 19 % and 10 % (docs/regression-gate.md, calibration).
 * Treating the series as the unit (a cluster-level analysis, Donner &amp; Klar 2000) keeps α then,
 * at the price of power: with 5 series a 5 % change at σd = 0.08 is detected about 70 % of the
 * time instead of 96 %.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum PairedTest {
    /**
     * The default: a pre-check of the per-run changes for differences between series
     * (Kruskal–Wallis 1952) and for lag-1 serial correlation within series, each at the liberal
     * level {@link SequelComparison#PRE_CHECK_LEVEL} so that dependence is rarely missed; when
     * either fires the series-level test ({@link #SERIES}) decides, otherwise the per-run test
     * ({@link #RUNS}). The whole two-stage procedure's false-alarm rate is calibrated by Monte
     * Carlo in every dependence cell (a pre-test followed by a test can inflate the size; the
     * liberal level is what keeps it at α). With 2 or 3 series ({@link SequelComparison#AUTO_MIN_SERIES})
     * the pre-check cannot see series effects, so the series decide. With a single series there is
     * no series-level test: below {@link SequelComparison#ONE_SERIES_EXACT_MIN_PAIRS} pairs whose
     * changes vary it is inconclusive, saying so (too few values to rule out serial correlation);
     * when its changes show lag-1 serial correlation at the same liberal level, the comparison
     * corrects for it (the variance inflated by a conservative AR(1) factor, Student's t on the
     * effective pairs) from {@link SequelComparison#ONE_SERIES_MIN_PAIRS} pairs, and is
     * inconclusive, saying so, below; otherwise the per-run test decides, at α/2 below
     * {@link SequelComparison#ONE_SERIES_MIN_PAIRS} pairs (the pre-check's misses take the other
     * half).
     */
    AUTO,
    /**
     * The per-run exact Wilcoxon signed-rank test: every pair an independent unit. Valid when a
     * run's value depends only on its seed and the code (a deterministic emulator driven by
     * seeds), the most powerful choice then.
     */
    RUNS,
    /**
     * The series as the unit: the mean per-run change of each series, tested across series with a
     * one-sided Student (1908) t-test on S − 1 degrees of freedom, and estimated by their mean with
     * the t interval. Valid whatever the dependence within a series, when the series' mean
     * changes are independent and close to normal (means of several runs); needs 2 series at least.
     */
    SERIES;

    /** The lower-case name used in messages and configuration: {@code auto}, {@code runs}, {@code series}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
