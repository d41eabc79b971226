package org.triscale.results.internal.judge;

import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.VerdictAnalysis;
import org.triscale.results.internal.verdict.VerdictMessages;
import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.KpiOutcome;
import org.triscale.results.internal.verdict.ScoreOutcome;
import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.model.TestResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges the recorded runs of a test method: analyses them, runs the {@code @Baseline} gate and
 * returns its {@link Decision} with every problem. Judging only reads (the gate's baseline file and
 * history) and writes no file, not even the baseline of an update: the caller has
 * {@code files.VerdictFiles} write them. The extension reports the verdict to JUnit; the merge of
 * shards to its user.
 */
public final class Judge {
    private Judge() {
    }

    /**
     * The decision on a complete set of runs without the JUnit parts: analyses the runs and judges
     * the {@code @Baseline} gate (reading its baseline file and history), and writes nothing.
     * {@code files.VerdictFiles} then writes what it decided (the baseline of an update, the gate's
     * history line, the per-series Surefire reports, the gate's Markdown summary and the JSON
     * result). The extension judges its own runs with it;
     * {@code triscale merge} the runs of a sharded sequel, restored from its partial results.
     *
     * @param state the runs, complete
     * @return the analysis, the gate and every problem found so far
     */
    public static Decision decide(RecordedSequel state) {
        Analysis analysis = VerdictAnalysis.analyse(state);
        List<String> failures = new ArrayList<>(analysis.failures());
        List<String> warnings = new ArrayList<>(analysis.warnings());
        BaselineGate gate = state.setup().gate().isPresent() ? BaselineGate.judge(state, failed(analysis)) : null;
        if (gate != null) {
            failures.addAll(gate.failures());
            warnings.addAll(gate.warnings());
        }
        return new Decision(state, analysis, gate, failures, warnings, sequentialStatements(analysis));
    }

    /**
     * What the judge decided, before anything is written: a file that cannot be written adds a
     * problem to a new decision ({@link #withFailure}, {@link #withWarning}), so that the files
     * written after it state it; a written baseline gives it the gate with the baseline's note
     * ({@link #withGate}).
     *
     * @param state    the runs
     * @param analysis their analysis
     * @param gate     the regression gate, or null without {@code @Baseline}
     * @param failures why the verdict fails; empty when it passes
     * @param warnings the warnings
     * @param adaptive what each KPI of an adaptive test rests on, one statement per KPI and series;
     *                 empty for fixed runs
     */
    public record Decision(RecordedSequel state, Analysis analysis, BaselineGate gate, List<String> failures,
                           List<String> warnings, List<String> adaptive) {

        /** Copies the lists: a decision does not change. */
        public Decision {
            failures = List.copyOf(failures);
            warnings = List.copyOf(warnings);
            adaptive = List.copyOf(adaptive);
        }

        /** Whether the verdict passes. */
        public boolean passed() {
            return failures.isEmpty();
        }

        /** {@code PASSED} or {@code FAILED}. */
        public TestResult.VerdictStatus status() {
            return Judge.status(failures);
        }

        /** The JSON result of this decision, with its failures and warnings. */
        public TestResult result() {
            return ResultMapper.map(state, analysis, status(), failures, warnings, gate == null ? null : gate.result());
        }

        /**
         * This decision with one more failure.
         *
         * @param failure the failure
         * @return the new decision
         */
        public Decision withFailure(String failure) {
            List<String> more = new ArrayList<>(failures);
            more.add(failure);
            return new Decision(state, analysis, gate, more, warnings, adaptive);
        }

        /**
         * This decision with another gate: the same gate after it wrote its baseline.
         *
         * @param gate the gate
         * @return the new decision
         */
        public Decision withGate(BaselineGate gate) {
            return new Decision(state, analysis, gate, failures, warnings, adaptive);
        }

        /**
         * This decision with one more warning.
         *
         * @param warning the warning
         * @return the new decision
         */
        public Decision withWarning(String warning) {
            List<String> more = new ArrayList<>(warnings);
            more.add(warning);
            return new Decision(state, analysis, gate, failures, more, adaptive);
        }
    }

    /**
     * What failed in the analysis, one short label each, for the gate's refusal to update the
     * baseline: the failing KPIs (with their series), the failing scores, else the number of the
     * other problems (checks, failed runs).
     */
    static List<String> failed(Analysis analysis) {
        if (analysis.failures().isEmpty()) {
            return List.of();
        }
        java.util.Map<String, List<Integer>> kpis = new java.util.LinkedHashMap<>();
        for (KpiOutcome outcome : analysis.kpis()) {
            if (!outcome.passed()) {
                kpis.computeIfAbsent("KPI " + outcome.spec().label(), label -> new ArrayList<>()).add(outcome.series());
            }
        }
        List<String> failed = new ArrayList<>();
        kpis.forEach((label, series) -> failed.add(label + " in series " + series.stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", "))));
        for (ScoreOutcome outcome : analysis.scores()) {
            if (!outcome.passed()) {
                failed.add(outcome.spec().label());
            }
        }
        if (failed.isEmpty()) {
            failed.add(analysis.failures().size() + (analysis.failures().size() == 1 ? " problem" : " problems")
                    + " listed above");
        }
        return failed;
    }

    /**
     * The failure message of a failed verdict: every problem, the warnings, the table of numbers
     * and the JSON result.
     *
     * @param state      the runs
     * @param conclusion its verdict
     * @return the message
     */
    public static String failureMessage(RecordedSequel state, Conclusion conclusion) {
        StringBuilder message = new StringBuilder(header(state, "FAILED"));
        for (String failure : conclusion.failures()) {
            message.append("\n- ").append(failure);
        }
        // The statements of failing sequential KPIs are among the failures already.
        List<String> adaptive = new ArrayList<>(conclusion.adaptive());
        adaptive.removeIf(statement -> conclusion.failures().stream().anyMatch(failure -> failure.contains(statement)));
        if (!adaptive.isEmpty()) {
            message.append("\nAdaptive runs:");
            for (String statement : adaptive) {
                message.append("\n- ").append(statement);
            }
        }
        if (!conclusion.warnings().isEmpty()) {
            message.append("\nWarnings:");
            for (String warning : conclusion.warnings()) {
                message.append("\n- ").append(warning);
            }
        }
        // The verdict's table is printed with the verdict (and is in summary.md and the report):
        // the message states each failure once and does not repeat it.
        if (conclusion.json() != null) {
            message.append("\nResults: ").append(conclusion.json());
        }
        return message.toString();
    }

    /**
     * A verdict.
     *
     * @param result   the JSON result
     * @param json     the file it was written to, or null when it could not be written
     * @param failures why the verdict fails; empty when it passes
     * @param warnings the warnings
     * @param gate     the regression gate, or null without {@code @Baseline}
     * @param adaptive what each KPI of an adaptive test rests on, one statement per KPI and series;
     *                 empty for fixed runs
     */
    public record Conclusion(TestResult result, Path json, List<String> failures, List<String> warnings,
                             BaselineGate gate, List<String> adaptive) {

        /** Whether the verdict passed. */
        public boolean passed() {
            return failures.isEmpty();
        }
    }

    /**
     * Whether every run aborted itself (an assumption), so that there is nothing to judge.
     *
     * @param state the runs
     * @return whether all of them aborted
     */
    public static boolean allRunsAborted(RecordedSequel state) {
        for (RunRecord record : state.runs()) {
            if (record.status() != RunStatus.ABORTED) {
                return false;
            }
        }
        return true;
    }

    private static TestResult.VerdictStatus status(List<String> failures) {
        return failures.isEmpty() ? TestResult.VerdictStatus.PASSED : TestResult.VerdictStatus.FAILED;
    }

    /**
     * The first line of the verdict's message: the test, its status and what ran.
     *
     * @param state  the runs
     * @param status {@code FAILED}, {@code REFUSED}, {@code SKIPPED} …
     * @return the line
     */
    public static String header(RecordedSequel state, String status) {
        TestSetup setup = state.setup();
        String series = setup.adaptiveSeries() ? state.seriesCount() + " adaptive series of at most "
                + setup.seriesCount() : setup.seriesCount() + " series";
        String runs = setup.adaptive() ? ", " + state.plannedRuns() + " adaptive runs of at most "
                + setup.runsPerSeries() + " per series" : " × " + setup.runsPerSeries() + " runs";
        return "TriScale verdict of " + setup.testName() + ": " + status + " (" + series + runs
                + ", mode " + setup.settings().mode() + ")";
    }

    /**
     * What each KPI of an adaptive series rests on, one statement per KPI and series, and each
     * score of a sequel with adaptive series.
     */
    private static List<String> sequentialStatements(Analysis analysis) {
        List<String> statements = new ArrayList<>();
        for (KpiOutcome outcome : analysis.kpis()) {
            if (outcome.sequential() != null) {
                statements.add(VerdictMessages.sequentialStatement(outcome));
            }
        }
        for (ScoreOutcome outcome : analysis.scores()) {
            if (outcome.sequential() != null) {
                statements.add(VerdictMessages.sequentialScoreStatement(outcome));
            }
        }
        return statements;
    }

    /**
     * What a passing verdict holds: "2 KPIs in 5 series and 1 score hold".
     *
     * @param state the runs
     * @return the text
     */
    public static String counts(RecordedSequel state) {
        TestSetup setup = state.setup();
        int kpis = setup.kpis().size();
        int scores = setup.scores().size();
        return kpis + (kpis == 1 ? " KPI" : " KPIs") + " in " + state.seriesCount()
                + " series and " + scores
                + (scores == 1 ? " score" : " scores") + " hold";
    }
}
