package org.triscale.results.internal.judge;

import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.VerdictAnalysis;
import org.triscale.results.internal.verdict.VerdictMessages;
import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.KpiOutcome;
import org.triscale.results.internal.verdict.ScoreOutcome;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.gate.GateSummary;
import org.triscale.results.internal.output.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.output.SurefireSeriesReports;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges the recorded runs of a test method: analyses them, runs the {@code @Baseline} gate (with
 * its history line and Markdown summary), writes the JSON result and the per-series Surefire
 * reports, and returns the verdict with every problem. The extension reports it to JUnit; the merge
 * of shards to its user.
 */
public final class Judge {
    private Judge() {
    }

    /**
     * The verdict of a complete set of runs without the JUnit parts: analyses the runs, runs the
     * {@code @Baseline} gate (with its history line), writes the per-series Surefire reports, the gate's Markdown summary
     * and the JSON result. The extension judges its own runs with it; {@code triscale merge} the
     * runs of a sharded sequel, restored from its partial results.
     *
     * @param state the runs, complete
     * @return the result, the file written and every problem
     */
    public static Conclusion conclude(RecordedSequel state) {
        TestSetup setup = state.setup();
        Analysis analysis = VerdictAnalysis.analyse(state);
        List<String> failures = new ArrayList<>(analysis.failures());
        List<String> warnings = new ArrayList<>(analysis.warnings());
        Settings settings = setup.settings();
        BaselineGate gate = setup.gate().isPresent() ? BaselineGate.judge(state, failed(analysis)) : null;
        if (gate != null) {
            failures.addAll(gate.failures());
            warnings.addAll(gate.warnings());
            gate.appendHistory(status(failures).name(), failures.isEmpty()).ifPresent(warnings::add);
        }
        TestResult.Gate gateResult = gate == null ? null : gate.result();
        if (settings.surefireReports() && !setup.kpis().isEmpty()) { // no KPI: an empty suite per series
            TestResult preliminary = ResultMapper.map(state, analysis, status(failures), failures, warnings,
                    gateResult);
            try {
                SurefireSeriesReports.write(preliminary, settings.surefireDir(), settings.kpiTestcases());
            } catch (IOException | RuntimeException e) {
                failures.add(unwritable("the per-series Surefire reports", settings.surefireDir(), e,
                        ConfigurationKeys.SUREFIRE_REPORTS_DIR));
            }
        }
        if (gate != null) {
            try {
                GateSummary.write(settings.outputDir(), setup, gate, status(failures).name(), failures, warnings);
            } catch (IOException | RuntimeException e) {
                warnings.add(unwritable("the baseline gate's Markdown summary", settings.outputDir(), e,
                        ConfigurationKeys.OUTPUT_DIR));
            }
        }
        TestResult result = ResultMapper.map(state, analysis, status(failures), failures, warnings, gateResult);
        Path json = null;
        try {
            json = JsonResults.write(result, settings.outputDir());
        } catch (IOException | RuntimeException e) {
            failures.add(unwritable("the JSON result", settings.outputDir(), e, ConfigurationKeys.OUTPUT_DIR));
        }
        return new Conclusion(result, json, failures, warnings, gate, sequentialStatements(analysis));
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

    private static String unwritable(String what, Path folder, Exception e, String parameter) {
        return what + " could not be written to " + folder + " (" + e.getClass().getSimpleName() + ": "
                + e.getMessage() + "); make the folder writable or set the configuration parameter " + parameter
                + " to one that is. The analysis does not depend on it: the other lines, if any, are its findings.";
    }
}
