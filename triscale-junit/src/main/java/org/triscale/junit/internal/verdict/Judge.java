package org.triscale.junit.internal.verdict;

import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.KpiOutcome;
import org.triscale.results.internal.verdict.ScoreOutcome;
import org.triscale.junit.TriscaleConstants;
import org.triscale.junit.internal.gate.BaselineGate;
import org.triscale.junit.internal.gate.GateSummary;
import org.triscale.junit.internal.lifecycle.Progress;
import org.triscale.junit.internal.output.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.Settings;
import org.triscale.junit.internal.lifecycle.TemplateState;
import org.triscale.results.internal.setup.TestSetup;
import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.output.SurefireSeriesReports;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.junit.internal.report.LaunchSummary;
import org.triscale.junit.internal.report.VerdictTable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges a test method: refuses partial data, analyses the runs, runs the {@code @Baseline} gate
 * (with its history line and Markdown summary), writes the JSON result and the per-series Surefire
 * reports, prints the summary, and fails with every problem in one message.
 */
public final class Judge {
    private Judge() {
    }

    public static void judge(TemplateState state, ExtensionContext context) {
        TestSetup setup = state.setup;
        if (state.stopReason() != null) {
            progress(setup, "STOPPED · " + state.stopReason(), List.of());
            throw new ExtensionConfigurationException(state.stopReason());
        }
        if (!state.complete()) {
            String failure = VerdictMessages.partialData(setup, state);
            progress(setup, "REFUSED · " + failure, List.of());
            throw new AssertionFailedError(header(state, "REFUSED") + "\n- " + failure);
        }
        if (allRunsAborted(state)) {
            // Every run skipped itself (an assumption: a missing backend, a wrong platform): there is
            // nothing to judge, and a red verdict would contradict the runs' own skips.
            String reason = "all " + state.plannedRuns() + " runs were skipped by an assumption; the verdict is skipped too";
            progress(setup, "skipped · " + reason, List.of());
            throw new TestAbortedException(header(state, "SKIPPED") + "\n- " + reason);
        }
        Conclusion conclusion = conclude(state);
        List<String> failures = conclusion.failures();
        List<String> warnings = conclusion.warnings();
        TestResult result = conclusion.result();
        Path json = conclusion.json();
        BaselineGate gate = conclusion.gate();
        if (result != null) {
            // The console launcher's tree and IDEs show report entries beside the test: numbers, not only a path.
            context.publishReportEntry("triscale.numbers", LaunchSummary.numbers(result));
        }
        if (json != null) {
            publish(context, json);
            context.publishReportEntry("triscale.result", json.toString());
        }
        String summary = failures.isEmpty() ? "passed · " + counts(state) : "FAILED · " + failures.size()
                + (failures.size() == 1 ? " problem" : " problems");
        progress(setup, summary + (json == null ? "" : " · " + json), warnings);
        List<String> adaptive = conclusion.adaptive();
        if (!adaptive.isEmpty()) {
            // Even a passing verdict says what it rests on: the test report keeps it.
            context.publishReportEntry("triscale.adaptive", String.join("\n", adaptive));
            if (setup.settings().progress()) {
                adaptive.forEach(statement -> Progress.verdict(setup, statement));
            }
        }
        System.out.println(VerdictTable.render(result, json));
        if (gate != null) {
            for (String note : gate.notes()) {
                // An update prints what changed even without progress lines: the user asked for it.
                if (setup.settings().progress() || setup.gate().get().update()) {
                    Progress.verdict(setup, note);
                }
            }
            context.publishReportEntry("triscale.baseline", gate.worstOutcome() == null ? "none"
                    : gate.worstOutcome().name());
        }
        if (!failures.isEmpty()) {
            throw new AssertionFailedError(failureMessage(state, conclusion));
        }
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
    public static Conclusion conclude(TemplateState state) {
        TestSetup setup = state.setup;
        Analysis analysis = VerdictAnalysis.analyse(state);
        List<String> failures = new ArrayList<>(analysis.failures());
        List<String> warnings = new ArrayList<>(analysis.warnings());
        Settings settings = setup.settings();
        BaselineGate gate = setup.gate().isPresent() ? BaselineGate.judge(state) : null;
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
                        TriscaleConstants.SUREFIRE_REPORTS_DIR));
            }
        }
        if (gate != null) {
            try {
                GateSummary.write(settings.outputDir(), setup, gate, status(failures).name(), failures, warnings);
            } catch (IOException | RuntimeException e) {
                warnings.add(unwritable("the baseline gate's Markdown summary", settings.outputDir(), e,
                        TriscaleConstants.OUTPUT_DIR));
            }
        }
        TestResult result = ResultMapper.map(state, analysis, status(failures), failures, warnings, gateResult);
        Path json = null;
        try {
            json = JsonResults.write(result, settings.outputDir());
        } catch (IOException | RuntimeException e) {
            failures.add(unwritable("the JSON result", settings.outputDir(), e, TriscaleConstants.OUTPUT_DIR));
        }
        return new Conclusion(result, json, failures, warnings, gate, sequentialStatements(analysis));
    }

    /**
     * The failure message of a failed verdict: every problem, the warnings, the table of numbers
     * and the JSON result.
     *
     * @param state      the runs
     * @param conclusion its verdict
     * @return the message
     */
    public static String failureMessage(TemplateState state, Conclusion conclusion) {
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
    public static boolean allRunsAborted(TemplateState state) {
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

    private static String header(TemplateState state, String status) {
        TestSetup setup = state.setup;
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

    /** "2 KPIs in 5 series and 1 score hold". */
    private static String counts(TemplateState state) {
        TestSetup setup = state.setup;
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

    /**
     * Attaches the JSON to the test's report (Open Test Reporting). A launcher that writes no
     * outputs (the test kit, by default) refuses; the result file is written anyway, so the refusal
     * is not worth a line of output.
     */
    private static void publish(ExtensionContext context, Path json) {
        try {
            context.publishFile(json.getFileName().toString(), MediaType.APPLICATION_JSON,
                    target -> Files.copy(json, target, StandardCopyOption.REPLACE_EXISTING));
        } catch (RuntimeException e) {
            // see above
        }
    }

    private static void progress(TestSetup setup, String summary, List<String> warnings) {
        if (setup.settings().progress()) {
            Progress.verdict(setup, summary);
            for (String warning : warnings) {
                Progress.verdict(setup, "warning: " + warning);
            }
        }
    }
}
