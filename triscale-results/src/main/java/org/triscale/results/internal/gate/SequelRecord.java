package org.triscale.results.internal.gate;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.model.MeasureText;
import org.triscale.results.internal.model.TestResult.VerdictStatus;
import org.triscale.results.internal.setup.Fingerprint;

import java.util.List;
import java.util.Map;

/**
 * One sequel of a test method as the regression gate keeps it: in a baseline file (committed with
 * the tests) and as one line of the history. It holds the run metrics of every gated metric, series
 * by series (null for an invalid run), from which the gate recomputes everything it compares; the
 * KPI and score summaries are for readers. Boxed numbers are null when absent, so that a reader can
 * tell a missing field from a zero. Documented in {@code docs/regression-gate.md}.
 *
 * <p>The enumerated fields are typed and written as their constants' names, the measure as
 * {@link Measure#toString()}: the files hold the same strings as when these fields were strings. A
 * value outside the type is refused when the file is read, naming the field and the valid values.
 *
 * @param schemaVersion version of the format, {@link #SCHEMA_VERSION}
 * @param testClass     fully qualified name of the test class
 * @param testMethod    name of the test method
 * @param recordedAt    when the sequel's verdict was computed, ISO-8601 UTC
 * @param fingerprint   the test bed
 * @param environment   informational details (full JDK version and vendor, OS version)
 * @param mode          statistical mode of the test, {@code SOUND} or {@code TRISCALE}; null when absent
 * @param runsPerSeries runs per series
 * @param seeds         the seed of every run, one list per series in run order (schema 2): a new
 *                      sequel that ran the same seeds is compared run by run (paired); null in
 *                      records of schema 1
 * @param metrics       the gated metrics
 * @param judgement     history only: the sequel's verdict, whether it was accepted and its changes
 *                      against the baseline, written as the fields {@code verdict}, {@code accepted}
 *                      and {@code changes} ({@code @JsonUnwrapped}), all null in a baseline file;
 *                      {@link #verdict()}, {@link #accepted()} and {@link #changes()} read them
 */
public record SequelRecord(Integer schemaVersion, String testClass, String testMethod, String recordedAt,
                           Fingerprint fingerprint, Map<String, String> environment, Mode mode,
                           Integer runsPerSeries, List<List<Long>> seeds, List<MetricRecord> metrics,
                           @com.fasterxml.jackson.annotation.JsonUnwrapped Judgement judgement) {

    /** The canonical form, which the history and baseline files are read with; no judgement is an empty one. */
    @com.fasterxml.jackson.annotation.JsonCreator
    public SequelRecord {
        judgement = judgement == null ? Judgement.NONE : judgement;
    }

    /**
     * A record without judgement: a baseline file, or this execution's sequel before its verdict.
     *
     * @param schemaVersion version of the format
     * @param testClass     fully qualified name of the test class
     * @param testMethod    name of the test method
     * @param recordedAt    when the sequel's verdict was computed, ISO-8601 UTC
     * @param fingerprint   the test bed
     * @param environment   informational details
     * @param mode          statistical mode of the test
     * @param runsPerSeries runs per series
     * @param seeds         the seed of every run, one list per series
     * @param metrics       the gated metrics
     */
    public SequelRecord(Integer schemaVersion, String testClass, String testMethod, String recordedAt,
                        Fingerprint fingerprint, Map<String, String> environment, Mode mode,
                        Integer runsPerSeries, List<List<Long>> seeds, List<MetricRecord> metrics) {
        this(schemaVersion, testClass, testMethod, recordedAt, fingerprint, environment, mode, runsPerSeries, seeds,
                metrics, Judgement.NONE);
    }

    /**
     * What the history adds to a sequel once it is judged; every field is null in a baseline file.
     *
     * @param verdict  the test's verdict, {@code PASSED} or {@code FAILED}
     * @param accepted whether the sequel may feed a baseline (its verdict passed and every gated
     *                 metric was unchanged or improved, or it updated the baseline)
     * @param changes  the change of each gated metric against the baseline the sequel was judged
     *                 with, with its interval, so that the history shows it for every sequel; null
     *                 without a baseline and in lines written before it existed
     */
    public record Judgement(VerdictStatus verdict, Boolean accepted, List<Change> changes) {
        /** No judgement: a baseline file, or a sequel not yet judged. */
        public static final Judgement NONE = new Judgement(null, null, null);
    }

    /** @return history only: the test's verdict, null in a baseline file ({@link Judgement#verdict()}) */
    public VerdictStatus verdict() {
        return judgement.verdict();
    }

    /** @return history only: whether the sequel may feed a baseline, else null ({@link Judgement#accepted()}) */
    public Boolean accepted() {
        return judgement.accepted();
    }

    /** @return history only: the gated metrics' changes against the baseline, or null ({@link Judgement#changes()}) */
    public List<Change> changes() {
        return judgement.changes();
    }

    /**
     * The change of one gated metric against the baseline, as the gate reported it.
     *
     * @param metric     the gated metric
     * @param change     the estimated change, relative, or null when undecided
     * @param lower      lower end of its interval, or null
     * @param upper      upper end of its interval, or null
     * @param confidence confidence of the interval, as a fraction ({@code 1 − 2α})
     * @param outcome    the gate's outcome for the metric ({@code UNCHANGED}, {@code REGRESSED}, ...)
     */
    public record Change(String metric, Double change, Double lower, Double upper, Double confidence,
                         ComparisonOutcome outcome) {
    }

    /** The current version of the format: 2 added the seeds. */
    public static final int SCHEMA_VERSION = 2;

    /**
     * This record as a history line with its verdict and the gate's changes.
     *
     * @param verdictStatus {@code PASSED} or {@code FAILED}
     * @param isAccepted    whether it may feed a baseline
     * @param gateChanges   the change of each gated metric against the baseline, or null without one
     * @return the record with the verdict
     */
    public SequelRecord withVerdict(VerdictStatus verdictStatus, boolean isAccepted, List<Change> gateChanges) {
        return new SequelRecord(schemaVersion, testClass, testMethod, recordedAt, fingerprint, environment, mode,
                runsPerSeries, seeds, metrics, new Judgement(verdictStatus, isAccepted,
                gateChanges == null || gateChanges.isEmpty() ? null : List.copyOf(gateChanges)));
    }

    /**
     * This record as a baseline file: without verdict.
     *
     * @return the record without the history fields
     */
    public SequelRecord asBaseline() {
        return new SequelRecord(schemaVersion, testClass, testMethod, recordedAt, fingerprint, environment, mode,
                runsPerSeries, seeds, metrics);
    }

    /**
     * The metric with this name, or null.
     *
     * @param name the metric's name
     * @return the metric, or null
     */
    public MetricRecord metric(String name) {
        if (metrics != null) {
            for (MetricRecord metric : metrics) {
                if (metric != null && name.equals(metric.name())) {
                    return metric;
                }
            }
        }
        return null;
    }

    /**
     * One gated metric of a sequel.
     *
     * @param name       the metric's name
     * @param measure    how a run's samples became its value, written as {@code P95}, {@code mean}, ...
     * @param unit       unit, possibly empty
     * @param direction  {@code LOWER_IS_BETTER} or {@code HIGHER_IS_BETTER}
     * @param runMetrics the run metrics, one list per series in run order; null for an invalid run
     * @param kpi        the KPI reported for context
     * @param score      the variability score of the series KPIs, for context
     */
    public record MetricRecord(String name,
                               @JsonSerialize(using = ToStringSerializer.class)
                               @JsonDeserialize(converter = MeasureText.class) Measure measure,
                               String unit, Direction direction, List<List<Double>> runMetrics, StoredKpi kpi,
                               Score score) {
    }

    /**
     * A gated metric's KPI in every series, as the gate stores it for readers (named apart from the
     * {@code @Kpi} annotation and from the judged {@code TestResult.SeriesKpi}).
     *
     * @param percentile percentile bounded
     * @param confidence confidence in percent
     * @param side       {@code UPPER} or {@code LOWER}
     * @param seriesKpis the KPI of each series, null where undefined
     * @param median     median of the defined series KPIs, null when none
     */
    public record StoredKpi(Double percentile, Double confidence, Side side, List<Double> seriesKpis,
                            Double median) {
    }

    /**
     * A variability score.
     *
     * @param percentile percentile of the pair
     * @param confidence confidence in percent
     * @param lower      lower bound value, null when undefined
     * @param upper      upper bound value, null when undefined
     * @param value      {@code upper − lower}, null when undefined
     * @param relative   the score divided by the midpoint of the bounds, null when undefined
     */
    public record Score(Double percentile, Double confidence, Double lower, Double upper, Double value,
                        Double relative) {
    }
}
