package org.triscale.results.internal.gate;

import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.engine.baseline.GateResult;
import org.triscale.engine.baseline.KpiChange;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.baseline.SequelKpis;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.trend.ChangePoints;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The regression gate at the verdict. {@link #judge} only reads (the baseline file, the history):
 * it finds the baseline (history or file), compares every gated metric and, when asked to update,
 * decides what to write. The gate's files are written after the decision, by
 * {@code files.VerdictFiles}: {@link #writeBaseline} writes the baseline an update decided on
 * (first), {@link #appendHistory} appends the sequel to the history. Problems with a baseline file
 * are reported and leave the file as it was.
 */
public final class BaselineGate {
    private final RecordedSequel state;
    private final TestSetup setup;
    private final GateSpec spec;
    private final SequelRecord current;
    private final List<String> failures = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<TestResult.GateMetric> metrics = new ArrayList<>();
    private List<String> differences = List.of();
    private String source;
    private boolean written;
    /** The sequel an update writes as the baseline once judged, or null when it writes none. */
    private SequelRecord pendingBaseline;
    /** The note a written baseline adds: what was written and what changed. */
    private String pendingNote;
    /** The history as read before this sequel was appended; null when unreadable. */
    private List<SequelRecord> historyRecords;
    /** The history's read (its tail), or null when unreadable. */
    private HistoryStore.Read historyRead;
    /** Why the history could not be read, or null. */
    private Exception historyError;
    /** What failed in the verdict's analysis: an update writes no baseline from them unless forced. */
    private final List<String> verdictFailed;

    private BaselineGate(RecordedSequel state, List<String> verdictFailed) {
        this.state = state;
        this.setup = state.setup();
        this.spec = setup.gate().orElseThrow();
        this.current = Sequels.current(state, spec);
        this.verdictFailed = List.copyOf(verdictFailed);
    }

    /** The judged gate after its baseline was written: the same, with the note of the write. */
    private BaselineGate(BaselineGate judged) {
        this.state = judged.state;
        this.setup = judged.setup;
        this.spec = judged.spec;
        this.current = judged.current;
        this.verdictFailed = judged.verdictFailed;
        this.failures.addAll(judged.failures);
        this.warnings.addAll(judged.warnings);
        this.notes.addAll(judged.notes);
        this.notes.add(judged.pendingNote);
        this.metrics.addAll(judged.metrics);
        this.differences = judged.differences;
        this.source = judged.source;
        this.historyRecords = judged.historyRecords;
        this.written = true;
    }

    /**
     * Judges a complete launch: reads the baseline file and the history, compares, and decides
     * what an update writes; writes no file.
     *
     * @param state         the runs, complete
     * @param verdictFailed what failed in the verdict's analysis, one short label each (a KPI of a
     *                      series, a variability score, a check); empty when it passed. An update
     *                      writes no baseline unless it is empty or the update is forced.
     * @return the gate
     */
    public static BaselineGate judge(RecordedSequel state, List<String> verdictFailed) {
        BaselineGate gate = new BaselineGate(state, verdictFailed);
        gate.run();
        return gate;
    }

    /**
     * Why the gate fails the verdict; a baseline that cannot be written adds its failure to the
     * verdict ({@link Written#failure}), not here.
     *
     * @return the failures, empty when the gate passes
     */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /**
     * The gate's warnings.
     *
     * @return the warnings
     */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /**
     * What the gate found that is neither failure nor warning: the comparisons that passed, an
     * update's changes (once its baseline is written).
     *
     * @return the notes
     */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * The gate after {@link #writeBaseline}.
     *
     * @param gate    the gate: with the note of the written baseline and its written flag set, or
     *                unchanged when nothing was written
     * @param failure why the baseline could not be written, a failure of the verdict; empty when it
     *                was written or none was to be written
     */
    public record Written(BaselineGate gate, Optional<String> failure) {
    }

    /**
     * Writes the gate's baseline file, the first of the verdict's files: deletes the temporary
     * files a killed writer left in the baseline's folder, then, when the update decided to, writes
     * this sequel as the baseline (atomically; the old file is unchanged when that fails).
     *
     * @return the gate with the note and flag of the written baseline, and the failure when it
     *         could not be written
     */
    public Written writeBaseline() {
        AtomicFiles.cleanStale(spec.files().baseline().toAbsolutePath().getParent());
        if (pendingBaseline == null) {
            return new Written(this, Optional.empty());
        }
        try {
            BaselineFiles.write(spec.files().baseline(), pendingBaseline);
        } catch (IOException | RuntimeException e) {
            return new Written(this, Optional.of("Baseline gate: the baseline could not be written to "
                    + spec.files().baseline() + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); the old file, if any, is unchanged."));
        }
        return new Written(new BaselineGate(this), Optional.empty());
    }

    /** Sequels of the history a result shows, this one included. */
    static final int HISTORY_SHOWN = 50;

    /** The gate's part of the JSON result. */
    public TestResult.Gate result() {
        return new TestResult.Gate(spec.fileLabel(), source, spec.policies().update(), written, history(), differences,
                metrics, notes);
    }

    /**
     * The trend of the gated KPIs: the last sequels of the history (accepted or not) and this one,
     * with the change points of each gated metric's median series KPI (E-divisive means with an
     * AR(1)-aware seeded test, shown once the last 3 looks found them, {@link ChangePoints}).
     */
    private TestResult.GateHistory history() {
        List<SequelRecord> records = new ArrayList<>();
        if (historyRecords != null) {
            for (SequelRecord record : historyRecords) {
                if (Sequels.mismatch(record, setup, spec) == null) {
                    records.add(record);
                }
            }
        }
        records = new ArrayList<>(records.subList(Math.max(0, records.size() - (HISTORY_SHOWN - 1)), records.size()));
        records.add(current);
        List<TestResult.HistoryBuild> builds = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            SequelRecord record = records.get(i);
            java.util.Map<String, Double> kpis = new java.util.LinkedHashMap<>();
            for (GateSpec.GatedMetric gated : spec.metrics()) {
                SequelRecord.MetricRecord metric = record.metric(gated.metric().name());
                kpis.put(gated.metric().name(), metric == null || metric.kpi() == null ? null : metric.kpi().median());
            }
            boolean now = i == records.size() - 1;
            List<TestResult.HistoryChange> changes = new ArrayList<>();
            for (SequelRecord.Change change : now ? changes() : record.changes() == null
                    ? List.<SequelRecord.Change>of() : record.changes()) {
                changes.add(new TestResult.HistoryChange(change.metric(), change.change(), change.lower(),
                        change.upper(), change.confidence(), change.outcome()));
            }
            builds.add(new TestResult.HistoryBuild(i + 1, record.recordedAt(), label(record),
                    now ? null : record.verdict(), now ? null : record.accepted(), now, kpis, changes));
        }
        List<TestResult.HistoryChangePoint> points = new ArrayList<>();
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            String name = gated.metric().name();
            List<Integer> positions = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (TestResult.HistoryBuild build : builds) {
                Double kpi = build.kpis().get(name);
                if (kpi != null && Double.isFinite(kpi)) {
                    positions.add(build.index());
                    values.add(kpi);
                }
            }
            double[] series = values.stream().mapToDouble(Double::doubleValue).toArray();
            for (ChangePoints.ChangePoint point : ChangePoints.detect(series)) {
                points.add(new TestResult.HistoryChangePoint(name, positions.get(point.index() - 1), point.change(),
                        point.pValue()));
            }
        }
        return new TestResult.GateHistory(spec.files().history().toString(), builds, points);
    }

    /**
     * The change of each compared metric against the baseline, as the history keeps it, so that a
     * later history shows every sequel's change with its interval; empty without a comparison.
     */
    private List<SequelRecord.Change> changes() {
        List<SequelRecord.Change> changes = new ArrayList<>();
        for (TestResult.GateMetric metric : metrics) {
            TestResult.GateComparison gate = metric.gate();
            if (gate != null && metric.outcome() != null) {
                changes.add(new SequelRecord.Change(metric.metric(), gate.change(), gate.lower(), gate.upper(),
                        gate.confidence(), metric.outcome()));
            }
        }
        return changes;
    }

    /** A sequel's version or commit, when its environment recorded one. */
    private static String label(SequelRecord record) {
        if (record.environment() == null) {
            return null;
        }
        for (String key : List.of("commit", "version", "triscale")) {
            String value = record.environment().get(key);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** The worst outcome over the gated metrics, for summaries: null without comparison. */
    public ComparisonOutcome worstOutcome() {
        ComparisonOutcome worst = null;
        for (TestResult.GateMetric metric : metrics) {
            ComparisonOutcome outcome = metric.outcome();
            if (worst == null || rank(outcome) > rank(worst)) {
                worst = outcome;
            }
        }
        return worst;
    }

    /**
     * Appends this execution's sequel to the history. It may feed a later baseline (accepted) only
     * when its verdict passed and every gated metric was unchanged or improved, or when it updated
     * the baseline: a regression, or a change the gate could not judge, never becomes a reference.
     * Called on the gate {@link #writeBaseline} returned, whose written flag is then set.
     *
     * @param status        the verdict
     * @param verdictPassed whether the verdict passed
     * @return a warning when it could not be written
     */
    public Optional<String> appendHistory(TestResult.VerdictStatus status, boolean verdictPassed) {
        boolean accepted = verdictPassed && (written || !metrics.isEmpty() && metrics.stream().allMatch(
                metric -> metric.outcome() == ComparisonOutcome.UNCHANGED
                        || metric.outcome() == ComparisonOutcome.IMPROVED));
        try {
            HistoryStore.append(spec.files().history(), current.withVerdict(status, accepted, changes()));
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("Baseline gate: the sequel could not be appended to the history "
                    + spec.files().history() + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); make the folder writable or set "
                    + ConfigurationKeys.HISTORY_DIR + ". The comparison above does not depend on it.");
        }
    }

    private void run() {
        try {
            // Read once, from the end: the trend's last sequels and the accepted ones a baseline needs.
            historyRead = HistoryStore.read(spec.files().history(), new HistoryStore.Tail(HISTORY_SHOWN - 1,
                    spec.files().fromHistory(), record -> Sequels.mismatch(record, setup, spec),
                    record -> current.fingerprint().differences(record.fingerprint(), spec.fingerprint().ignored())
                            .isEmpty()));
            historyRecords = historyRead.records();
            for (String warning : historyRead.warnings()) {
                warnings.add("Baseline gate: " + warning);
            }
        } catch (IOException | RuntimeException e) {
            historyRecords = null; // fromHistory() reports it when it uses the history
            historyError = e;
        }
        if (spec.comparison().interleaved()) {
            compareArms();
            if (spec.policies().update()) {
                notes.add("Baseline gate: interleaved: the reference runs in the same launch, so there is no baseline"
                        + " file to write; " + GateMessages.UPDATE_HINT + " changes nothing for this test");
            }
            return;
        }
        SequelRecord baseline = fromHistory();
        SequelRecord file = null;
        boolean fileUnusable = false;
        if (Files.exists(spec.files().baseline())) {
            try {
                file = BaselineFiles.read(spec.files().baseline());
                String mismatch = Sequels.mismatch(file, setup, spec);
                if (mismatch != null) {
                    throw new IOException("baseline file " + spec.files().baseline() + " does not fit this test: "
                            + mismatch);
                }
            } catch (IOException | RuntimeException e) {
                file = null;
                fileUnusable = true;
                if (spec.policies().update()) {
                    notes.add("Baseline gate: the old baseline file could not be used (" + e.getMessage() + "); it is replaced");
                } else {
                    failures.add(GateMessages.unusable(e.getMessage()));
                }
            }
        }
        if (baseline == null && file != null) {
            baseline = file;
            source = "baseline file " + spec.fileLabel();
        }
        if (baseline != null) {
            compare(baseline);
        } else if (!fileUnusable && !spec.policies().update()) {
            String history = spec.files().fromHistory() > 0 ? ", and the history " + spec.files().history()
                    + " holds no accepted sequel of this test bed" : "";
            String text = GateMessages.missing(spec, history) + GateMessages.missingPolicy(spec);
            (spec.policies().missing() == GateSpec.MissingPolicy.FAIL ? failures : warnings).add(text);
        }
        if (spec.policies().update()) {
            update(file);
        }
    }

    /** The last K accepted sequels of the history with this test bed, merged; null when none. */
    private SequelRecord fromHistory() {
        int asked = spec.files().fromHistory();
        if (asked == 0) {
            return null;
        }
        if (historyError != null) {
            warnings.add("Baseline gate: the history " + spec.files().history() + " cannot be read ("
                    + historyError.getMessage() + "); the baseline file is used instead");
            return null;
        }
        HistoryStore.Read read = historyRead;
        List<SequelRecord> usable = new ArrayList<>();
        int otherTestBed = 0;
        for (SequelRecord record : read.records()) {
            if (!Boolean.TRUE.equals(record.accepted()) || Sequels.mismatch(record, setup, spec) != null) {
                continue;
            }
            if (!current.fingerprint().differences(record.fingerprint(), spec.fingerprint().ignored()).isEmpty()) {
                otherTestBed++;
                continue;
            }
            usable.add(record);
        }
        if (usable.isEmpty()) {
            return null;
        }
        List<SequelRecord> last = usable.subList(Math.max(0, usable.size() - asked), usable.size());
        source = "the last " + last.size() + " accepted sequel" + (last.size() == 1 ? "" : "s") + " of the history "
                + spec.files().history() + (last.size() < asked ? " (" + asked + " asked)" : "")
                + (otherTestBed > 0 ? "; " + otherTestBed + " of another test bed skipped" : "");
        return Sequels.merge(last);
    }

    /**
     * The interleaved gate: the candidate's runs against the reference arm's of this launch, pair by
     * pair ({@link RegressionGate#compareInterleaved}); a reference run that failed fails the verdict
     * as a failed run does, and its pair is left out.
     */
    private void compareArms() {
        source = "the reference arm of this launch (interleaved: every run as the reference and the candidate,"
                + " back to back in a random order drawn for the launch; no baseline file)";
        List<List<RunRecord>> arm = state.reference();
        if (arm == null) {
            failures.add("Baseline gate: @Baseline(interleaved = true), but the sequel holds no reference runs; run the"
                    + " test in one launch, not merged from shards.");
            return;
        }
        for (List<RunRecord> runs : arm) {
            for (RunRecord record : runs) {
                if (record.status() == RunStatus.FAILED) {
                    failures.add("Baseline gate: the reference arm of " + record.label() + " failed"
                            + (record.message().isEmpty() ? "" : " (" + record.message() + ")")
                            + "; its pair is left out of the comparison. Fix the reference code or its test bed.");
                }
            }
        }
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            double[][] reference = new double[setup.seriesCount()][setup.runsPerSeries()];
            for (int s = 0; s < reference.length; s++) {
                java.util.Arrays.fill(reference[s], Double.NaN);
                List<RunRecord> runs = s < arm.size() ? arm.get(s) : List.of();
                for (int r = 0; r < runs.size() && r < reference[s].length; r++) {
                    reference[s][r] = runs.get(r).value(gated.metric());
                }
            }
            double[][] candidate = Sequels.runMetrics(current.metric(gated.metric().name()));
            judged(gated, RegressionGate.compareInterleaved(reference, candidate, gated.settings(spec)));
        }
    }

    private void compare(SequelRecord baseline) {
        differences = current.fingerprint().differences(baseline.fingerprint(), spec.fingerprint().ignored());
        boolean paired = Sequels.sameSeeds(baseline, current);
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            SequelRecord.MetricRecord old = baseline.metric(gated.metric().name());
            SequelRecord.MetricRecord now = current.metric(gated.metric().name());
            judged(gated, RegressionGate.compare(Sequels.runMetrics(old), Sequels.runMetrics(now), paired,
                    gated.settings(spec), launchVariation(gated)));
        }
    }

    /** Files one metric's comparison as a failure, warning or note, and keeps its JSON. */
    private void judged(GateSpec.GatedMetric gated, GateResult result) {
        ComparisonOutcome outcome = differences.isEmpty() ? result.outcome() : ComparisonOutcome.INCONCLUSIVE;
        String reason = !differences.isEmpty() ? GateMessages.fingerprint(differences)
                : outcome == ComparisonOutcome.INCONCLUSIVE ? result.change().reason() : null;
        String message = GateMessages.outcome(gated, result, outcome, reason, spec, runValues(gated));
        // An interleaved gate has no baseline to update: an update does not suspend it.
        if (spec.policies().update() && !spec.comparison().interleaved()) {
            notes.add(message + " (not judged: this execution updates the baseline)");
        } else if (outcome == ComparisonOutcome.REGRESSED) {
            failures.add(message);
        } else if (outcome == ComparisonOutcome.INCONCLUSIVE) {
            (spec.policies().inconclusive() == GateSpec.InconclusivePolicy.FAIL ? failures : warnings).add(message);
        } else {
            notes.add(message);
        }
        metrics.add(json(gated, result, outcome, reason, message));
    }

    /** How this sequel's valid runs gave their value of a gated metric: from samples, reported, or both. */
    private GateMessages.RunValues runValues(GateSpec.GatedMetric gated) {
        int reported = 0;
        int computed = 0;
        for (RunRecord record : state.runs()) {
            MetricValue value = record == null ? null : record.metricValue(gated.metric());
            if (value != null && value.valid()) {
                if (value.reported()) {
                    reported++;
                } else {
                    computed++;
                }
            }
        }
        return reported > 0 && computed == 0 ? GateMessages.RunValues.REPORTED
                : computed > 0 && reported == 0 ? GateMessages.RunValues.SAMPLES : GateMessages.RunValues.MIXED;
    }

    /**
     * The launch-to-launch variation of one gated metric: none for runs declared independent,
     * otherwise estimated from the pairs of consecutive accepted launches of the history with this
     * test bed ({@link RegressionGate#launchVariation}), or the configured bound while there are
     * too few. A pair whose later launch the gate found regressed (an update after an intended
     * change) is left out: it measures the code, not the test bed.
     */
    private LaunchVariation launchVariation(GateSpec.GatedMetric gated) {
        GateSpec.Comparison comparison = spec.comparison();
        if (comparison.independent()) {
            return LaunchVariation.none();
        }
        String name = gated.metric().name();
        List<LaunchVariation.Pair> pairs = new ArrayList<>();
        SequelRecord previous = null;
        for (SequelRecord record : historyRecords == null ? List.<SequelRecord>of() : historyRecords) {
            if (!Boolean.TRUE.equals(record.accepted()) || Sequels.mismatch(record, setup, spec) != null
                    || !current.fingerprint().differences(record.fingerprint(), spec.fingerprint().ignored()).isEmpty()
                    || record.metric(name) == null) {
                continue;
            }
            boolean regressed = record.changes() != null && record.changes().stream().anyMatch(change ->
                    name.equals(change.metric()) && change.outcome() == ComparisonOutcome.REGRESSED);
            if (previous != null && !regressed) {
                pairs.add(new LaunchVariation.Pair(Sequels.runMetrics(previous.metric(name)),
                        Sequels.runMetrics(record.metric(name)), Sequels.sameSeeds(previous, record)));
            }
            previous = record;
        }
        return RegressionGate.launchVariation(pairs, gated.settings(spec), comparison.launchShift(),
                LaunchVariation.DEFAULT_MINIMUM);
    }

    /**
     * Decides to write this execution's sequel as the baseline, if it is complete, and what the
     * note of the written baseline says changed; {@link #writeBaseline} writes it.
     */
    private void update(SequelRecord old) {
        List<String> problems = new ArrayList<>();
        for (RunRecord record : state.runs()) {
            if (record.status() == RunStatus.FAILED) {
                problems.add(record.label() + " failed");
            }
        }
        if (!problems.isEmpty()) {
            failures.add("Baseline gate: the baseline was not updated, because " + String.join(", ", problems)
                    + "; a baseline must hold every run. Fix the failures and rerun with " + GateMessages.UPDATE_HINT
                    + ".");
            return;
        }
        if (!verdictFailed.isEmpty() && !spec.policies().forceUpdate()) {
            // A failing sequel never becomes the reference later sequels are judged against.
            failures.add("Baseline gate: the baseline was not updated, nothing was written to " + spec.fileLabel()
                    + ": the verdict failed (" + String.join("; ", verdictFailed) + "), and a baseline only comes "
                    + "from a passing verdict. Fix the failure and rerun with " + GateMessages.UPDATE_HINT
                    + ", or write this sequel anyway with -D" + ConfigurationKeys.BASELINE_UPDATE_FORCE + "=true.");
            return;
        }
        List<String> changes = new ArrayList<>();
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            double[][] values = Sequels.runMetrics(current.metric(gated.metric().name()));
            SequelKpis kpis = RegressionGate.summarise(values, gated.settings(spec));
            int runs = 0;
            int series = 0;
            for (double[] runValues : values) {
                int valid = 0;
                for (double value : runValues) {
                    valid += Double.isNaN(value) ? 0 : 1;
                }
                runs += valid;
                series += valid > 0 ? 1 : 0;
            }
            if (series == 0) {
                failures.add("Baseline gate: the baseline was not updated, because no run has a valid "
                        + gated.metric().name() + "; a baseline needs valid runs.");
                return;
            }
            changes.add(GateMessages.updated(gated, old == null ? null : old.metric(gated.metric().name()), kpis,
                    series, runs));
        }
        StringBuilder text = new StringBuilder("Baseline gate: baseline ").append(old == null ? "created: " : "updated: ")
                .append("wrote ").append(spec.fileLabel()).append(" (commit it)")
                .append(verdictFailed.isEmpty() ? "" : ", forced by " + ConfigurationKeys.BASELINE_UPDATE_FORCE
                        + " although the verdict failed (" + String.join("; ", verdictFailed) + ")")
                .append(". ").append(String.join("; ", changes));
        if (old != null) {
            List<String> fingerprint = current.fingerprint().differences(old.fingerprint());
            text.append(fingerprint.isEmpty() ? "; same test bed" : "; test bed: " + String.join("; ", fingerprint));
        }
        pendingBaseline = current;
        pendingNote = text.append('.').toString();
    }

    private TestResult.GateMetric json(GateSpec.GatedMetric gated, GateResult result, ComparisonOutcome outcome,
                                       String reason, String message) {
        KpiChange kpi = result.kpi();
        SequelChange change = result.change();
        TestResult.GateComparison comparison = new TestResult.GateComparison(change.design(), change.scale(),
                relative(change, change.change().estimate()), relative(change, change.change().lower()),
                relative(change, change.change().upper()), change.change().confidence(),
                relative(change, change.tolerance()), change.toleranceSource(),
                ResultMapper.number(change.relativeMinimumDetectableChange()), change.zeros(),
                GateMessages.quantity(gated, result, runValues(gated)), new TestResult.GateLaunch(result.launch().source(),
                result.launch().perLaunch(), result.launch().launches(), result.launch().minimum(),
                result.launch().launchShift()));
        TestResult.GateSignificance significance = new TestResult.GateSignificance(change.referenceCount(),
                change.candidateCount(), spec.comparison().alpha(), ResultMapper.number(change.worsePValue()),
                ResultMapper.number(change.betterPValue()));
        TestResult.GateKpis kpis = new TestResult.GateKpis(ResultMapper.number(kpi.oldValue()),
                ResultMapper.number(kpi.newValue()), ResultMapper.number(kpi.change()),
                ResultMapper.number(kpi.relativeChange()), ResultMapper.number(kpi.score()));
        return new TestResult.GateMetric(gated.metric().name(), gated.direction(), outcome, reason, result.unit(),
                significance, comparison, kpis, message);
    }

    /** A reported value of the comparison as a fraction of the baseline, for the JSON result. */
    private static Double relative(SequelChange change, double reported) {
        return ResultMapper.number(change.relative(reported));
    }

    private static int rank(ComparisonOutcome outcome) {
        return switch (outcome) {
            case REGRESSED -> 3;
            case INCONCLUSIVE -> 2;
            case IMPROVED -> 1;
            case UNCHANGED -> 0;
        };
    }
}
