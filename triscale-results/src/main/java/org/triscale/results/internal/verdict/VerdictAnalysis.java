package org.triscale.results.internal.verdict;

import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.recording.RunNotes;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.setup.Settings;
import org.triscale.engine.CheckResult;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Stationarity;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sizing.Sizing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Analyses the runs of a complete launch: the KPIs of every series, the variability scores, the
 * failed and excluded runs and the checks, with one message per problem.
 */
public final class VerdictAnalysis {
    private final RecordedSequel state;
    /** Below this effective sample size a run's weighted metric is flagged (the weighted interval's rule of thumb). */
    private static final int MIN_EFFECTIVE_SAMPLE_SIZE = 100;
    private final TestSetup setup;
    private final List<String> failures = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private VerdictAnalysis(RecordedSequel state) {
        this.state = state;
        this.setup = state.setup();
    }

    /** Analyses every run of {@code state}, which must be complete. */
    public static Analysis analyse(RecordedSequel state) {
        return new VerdictAnalysis(state).analyse();
    }

    private Analysis analyse() {
        excludedRuns();
        List<KpiOutcome> kpis = new ArrayList<>();
        // Series that violate a KPI the same way are stated once, after the loop (one message per KPI).
        java.util.Map<KpiSpec, List<KpiOutcome>> violated = new java.util.LinkedHashMap<>();
        java.util.Map<KpiSpec, Integer> violatedAt = new java.util.LinkedHashMap<>();
        for (int series = 1; series <= state.seriesCount(); series++) {
            for (KpiSpec spec : setup.kpis()) {
                KpiOutcome outcome = kpi(spec, series);
                kpis.add(outcome);
                if (!outcome.defined()) {
                    failures.add(VerdictMessages.kpiUndefined(setup, outcome, state));
                } else {
                    if (!outcome.passed() && !outcome.sequentialVerdict()) {
                        violatedAt.putIfAbsent(spec, failures.size());
                        violated.computeIfAbsent(spec, key -> new ArrayList<>()).add(outcome);
                    } else if (!outcome.passed()) {
                        failures.add(VerdictMessages.sequentialFailed(outcome)
                                + effectiveSampleSizes(spec.metric(), series).map(text -> " " + text).orElse(""));
                    }
                    if (outcome.result() != null) {
                        checks("series " + series + ", KPI " + spec.label(), outcome.result().stationarity());
                    }
                }
            }
        }
        // Inserted where the first violation of each KPI came, last first so that the places hold.
        List<KpiSpec> specs = new ArrayList<>(violated.keySet());
        for (int i = specs.size() - 1; i >= 0; i--) {
            List<KpiOutcome> same = violated.get(specs.get(i));
            StringBuilder text = new StringBuilder(same.size() == 1 ? VerdictMessages.kpiViolated(same.get(0))
                    : VerdictMessages.kpiViolatedInSeries(same));
            java.util.Set<String> notes = new java.util.LinkedHashSet<>();
            for (KpiOutcome outcome : same) {
                effectiveSampleSizes(outcome.spec().metric(), outcome.series()).ifPresent(notes::add);
            }
            notes.forEach(note -> text.append(' ').append(note));
            failures.add(violatedAt.get(specs.get(i)), text.toString());
        }
        for (MetricSpec metric : setup.metrics()) {
            lowEffectiveSampleSize(metric);
            identicalRuns(metric);
        }
        hostLimitedRuns();
        List<ScoreOutcome> scores = new ArrayList<>();
        for (ScoreSpec spec : setup.scores()) {
            ScoreOutcome outcome = score(spec, kpis);
            scores.add(outcome);
            if (!outcome.defined()) {
                failures.add(VerdictMessages.scoreUndefined(outcome));
            } else {
                if (!outcome.passed()) {
                    failures.add(VerdictMessages.scoreViolated(outcome));
                }
                checks("series KPIs of " + spec.kpi().label(), outcome.result().stationarity());
            }
        }
        return new Analysis(kpis, scores, failures, warnings);
    }

    /**
     * The series whose valid runs (two or more) all gave the same value of the metric, and of every
     * other metric of the test: their seeds did not reach the system under test, so the runs are one measurement repeated and the
     * KPI's confidence does not hold for the system's variation. A warning by default (the metric
     * may be constant by design), a failure or nothing as {@code triscale.checks.identicalRuns} says.
     */
    private void identicalRuns(MetricSpec metric) {
        // (A metric constant while another metric of the same runs varies is constant by design,
        // e.g. the throughput of a saturated bottleneck: the seed does reach the system.)
        Settings.IdenticalRuns policy = setup.settings().identicalRuns();
        if (policy == Settings.IdenticalRuns.OFF) {
            return;
        }
        List<Integer> constant = new ArrayList<>();
        java.util.Set<Double> values = new java.util.LinkedHashSet<>();
        int runs = 0;
        for (int series = 1; series <= state.seriesCount(); series++) {
            double first = Double.NaN;
            int valid = 0;
            boolean same = true;
            for (int run = 1; run <= state.runsIn(series); run++) {
                double value = state.run(series, run).value(metric);
                if (Double.isNaN(value)) {
                    continue;
                }
                same &= valid == 0 || Double.compare(value, first) == 0;
                first = valid == 0 ? value : first;
                valid++;
            }
            if (valid >= 2 && same && !anotherMetricVaries(metric, series)) {
                constant.add(series);
                values.add(first);
                runs += valid;
            }
        }
        if (constant.isEmpty()) {
            return;
        }
        String where = constant.size() == state.seriesCount() ? (state.seriesCount() == 1 ? "the series"
                : "each of the " + state.seriesCount() + " series") : "series "
                + constant.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
        String value = values.size() == 1 ? metric.format(values.iterator().next()) : values.size() + " values, one per series";
        String text = "Metric " + metric.name() + ": every run of " + where + " gave the same value (" + value + "): the"
                + " seed does not reach the system under test: " + runs + " identical runs are "
                + (constant.size() == 1 ? "one measurement" : constant.size() + " measurements") + ". Let the seed"
                + " drive the run's variation (for the emulator: ACK jitter, random loss, start times), or, for a"
                + " metric constant by design, set " + ConfigurationKeys.CHECKS_IDENTICAL_RUNS
                + "=off.";
        (policy == Settings.IdenticalRuns.FAIL ? failures : warnings).add(text);
    }

    /** Whether another metric of the test gave two different valid values in the runs of a series. */
    private boolean anotherMetricVaries(MetricSpec metric, int series) {
        for (MetricSpec other : setup.metrics()) {
            if (other.equals(metric)) {
                continue;
            }
            double first = Double.NaN;
            for (int run = 1; run <= state.runsIn(series); run++) {
                double value = state.run(series, run).value(other);
                if (Double.isNaN(value)) {
                    continue;
                }
                if (Double.isNaN(first)) {
                    first = value;
                } else if (Double.compare(value, first) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Failed runs fail the verdict; runs excluded for not converging are a warning. */
    private void excludedRuns() {
        List<RunRecord> failed = new ArrayList<>();
        List<RunRecord> excluded = new ArrayList<>();
        for (RunRecord record : state.runs()) {
            if (record.status() == RunStatus.FAILED) {
                failed.add(record);
            } else if (!record.status().valid()) {
                excluded.add(record);
            }
        }
        if (!failed.isEmpty()) {
            failures.add(VerdictMessages.failedRuns(state, failed));
        }
        if (!excluded.isEmpty()) {
            warnings.add(VerdictMessages.excludedRuns(state, excluded));
        }
    }

    /**
     * Names the runs that noted the host, not the test bed, may have limited them (note
     * {@value RunNotes#HOST_LIMITED}): their values may understate what the test bed can do, which
     * a reader of the verdict must know, not only a reader of the run's notes.
     */
    private void hostLimitedRuns() {
        List<String> limited = new ArrayList<>();
        int executed = 0;
        for (RunRecord record : state.runs()) {
            if (record == null) {
                continue;
            }
            executed++;
            if (record.notes().containsKey(RunNotes.HOST_LIMITED)) {
                limited.add("series " + record.series + " run " + record.run);
            }
        }
        if (!limited.isEmpty()) {
            warnings.add(limited.size() + " of " + executed + " runs may have been limited by the host, not the test"
                    + " bed (note \"" + RunNotes.HOST_LIMITED + "\"): " + String.join(", ", limited)
                    + "; their values may understate the test bed, so rerun them on a quieter host or with fewer"
                    + " flows before trusting a KPI they drive");
        }
    }

    /** The effective sample sizes of a weighted metric in a series, as a sentence; empty for an unweighted metric. */
    private Optional<String> effectiveSampleSizes(MetricSpec metric, int series) {
        StringBuilder text = new StringBuilder();
        for (int run = 1; run <= state.runsIn(series); run++) {
            MetricValue value = state.run(series, run).metricValue(metric);
            if (value != null && value.weighted()) {
                text.append(text.length() == 0 ? "" : ", ").append("run ").append(run).append(" = ")
                        .append(Format.number(Math.rint(value.effectiveSampleSize())));
            }
        }
        return text.length() == 0 ? Optional.empty() : Optional.of("The run metrics are importance-weighted;"
                + " their effective sample sizes (Kish) are " + text + ".");
    }

    /**
     * Warns when a run's weighted metric rests on few effective samples: a few heavy weights then
     * dominate it, and the asymptotic interval of a weighted percentile is not trustworthy.
     */
    private void lowEffectiveSampleSize(MetricSpec metric) {
        RunRecord worst = null;
        double smallest = Double.POSITIVE_INFINITY;
        for (RunRecord record : state.runs()) {
            MetricValue value = record.metricValue(metric);
            if (value != null && value.weighted() && value.effectiveSampleSize() < smallest) {
                smallest = value.effectiveSampleSize();
                worst = record;
            }
        }
        if (worst != null && smallest < MIN_EFFECTIVE_SAMPLE_SIZE) {
            warnings.add("metric " + metric.name() + " is importance-weighted and " + worst.label() + " has an effective"
                    + " sample size of only " + Format.number(Math.rint(smallest)) + " (below " + MIN_EFFECTIVE_SAMPLE_SIZE
                    + "): a few heavy weights dominate its value. Record more samples per run, or tilt the"
                    + " sampling law less.");
        }
    }

    /**
     * The KPI checks of one series that ended, as the verdict will judge them: each KPI's outcome,
     * and a failure for each KPI that is undefined or violated and, under the fail policy, for each
     * failed stationarity check of the series' runs. The verdict states the same failures (those
     * of several series that violate a KPI the same way in one statement).
     *
     * @param state  the test's runs, the series' complete
     * @param series the series, from 1
     * @return its checks
     */
    public static SeriesChecks seriesChecks(RecordedSequel state, int series) {
        VerdictAnalysis analysis = new VerdictAnalysis(state);
        List<KpiOutcome> outcomes = new ArrayList<>();
        for (KpiSpec spec : analysis.setup.kpis()) {
            KpiOutcome outcome = analysis.kpi(spec, series);
            outcomes.add(outcome);
            if (!outcome.defined()) {
                analysis.failures.add(VerdictMessages.kpiUndefined(analysis.setup, outcome, state));
                continue;
            }
            if (!outcome.passed()) {
                analysis.failures.add((outcome.sequentialVerdict() ? VerdictMessages.sequentialFailed(outcome)
                        : VerdictMessages.kpiViolated(outcome)) + analysis.effectiveSampleSizes(spec.metric(), series)
                        .map(text -> " " + text).orElse(""));
            }
            if (outcome.result() != null) {
                // Under the warn policy a failing check is the verdict's warning, not this test's failure.
                analysis.checks("series " + series + ", KPI " + spec.label(), outcome.result().stationarity());
            }
        }
        return new SeriesChecks(series, outcomes, analysis.failures);
    }

    /**
     * The KPI of one series that ended, as the verdict will judge it: what an adaptive sequel
     * scores after each series.
     *
     * @param state  the test's runs
     * @param spec   the KPI
     * @param series the series, ended
     * @return its outcome
     */
    static KpiOutcome seriesKpi(RecordedSequel state, KpiSpec spec, int series) {
        return new VerdictAnalysis(state).kpi(spec, series);
    }

    private KpiOutcome kpi(KpiSpec spec, int series) {
        int length = state.runsIn(series);
        int[] runs = new int[length];
        double[] values = new double[length];
        int valid = 0;
        for (int run = 1; run <= length; run++) {
            double value = state.run(series, run).value(spec.metric());
            if (!Double.isNaN(value)) {
                runs[valid] = run;
                values[valid] = value;
                valid++;
            }
        }
        runs = Arrays.copyOf(runs, valid);
        values = Arrays.copyOf(values, valid);
        int needed = Sizing.oneSided(spec.percentile(), spec.confidence(), 0);
        SeriesDecision adaptive = state.adaptive(series);
        SequentialOutcome sequential = adaptive == null ? null : adaptive.kpi(spec);
        if (valid == 0) {
            return new KpiOutcome(spec, series, null, runs, values, needed, 0, 0, sequential);
        }
        // An adaptive series that ends undecided is judged at the stricter confidence of its last look.
        double confidence = sequential != null && sequential.fallback() ? sequential.fallbackConfidence()
                : spec.confidence();
        KpiResult result = Kpis.kpi(values, spec.percentile(), confidence, spec.side(),
                spec.metric().bounds(), setup.settings().mode());
        if (!result.defined()) {
            return new KpiOutcome(spec, series, result, runs, values, needed, 0, 0, sequential);
        }
        int position = sortedPositions(values)[result.index()];
        return new KpiOutcome(spec, series, result, runs, values, needed, runs[position], result.index() + 1,
                sequential);
    }

    private ScoreOutcome score(ScoreSpec spec, List<KpiOutcome> kpis) {
        double[] values = new double[state.seriesCount()];
        for (KpiOutcome outcome : kpis) {
            if (outcome.spec() == spec.kpi()) {
                values[outcome.series() - 1] = outcome.value();
            }
        }
        int needed = spec.neededSeries();
        int[] series = new int[values.length];
        double[] defined = new double[values.length];
        int count = 0;
        for (int i = 0; i < values.length; i++) {
            if (!Double.isNaN(values[i])) {
                series[count] = i + 1;
                defined[count++] = values[i];
            }
        }
        SequelDecision sequel = state.sequel();
        SequentialScoreOutcome sequential = sequel == null ? null : sequel.score(spec);
        if (count == 0) {
            return new ScoreOutcome(spec, null, values, needed, 0, 0, sequential);
        }
        // A sequel that ends undecided is judged at the stricter confidence of its last look, each end
        // on its own (the two-sided rule), as the sequential ends were.
        boolean lastLook = sequential != null && sequential.fallback();
        VariabilityResult result = VariabilityScores.score(values, spec.percentile(),
                lastLook ? sequential.fallbackConfidence() : spec.confidence(),
                lastLook ? IntervalKind.TWO_SIDED : spec.kind(), spec.metric().bounds(), setup.settings().mode());
        if (!result.defined() || result.interval().lowerIndex().isEmpty() || result.interval().upperIndex().isEmpty()) {
            return new ScoreOutcome(spec, result, values, needed, 0, 0, sequential);
        }
        int[] order = sortedPositions(Arrays.copyOf(defined, count));
        return new ScoreOutcome(spec, result, values, needed, series[order[result.interval().lowerIndex().getAsInt()]],
                series[order[result.interval().upperIndex().getAsInt()]], sequential);
    }

    /** Positions of {@code values} in ascending order, ties in their original order. */
    static int[] sortedPositions(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> values[i]));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    private void checks(String subject, Stationarity stationarity) {
        for (CheckResult check : stationarity.checks()) {
            if (!check.passed()) {
                String text = VerdictMessages.check(subject, check);
                if (setup.settings().checks() == FailingChecks.FAIL) {
                    failures.add(text + " The checks policy is fail (triscale.checks or @Runs(checks));"
                            + " investigate the dependence between runs, or use the warn policy.");
                } else {
                    warnings.add(text);
                }
            }
        }
    }
}
