package org.triscale.results.internal.launch;

import org.triscale.results.internal.files.VerdictFiles;
import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.report.LaunchSummary;
import org.triscale.results.internal.report.VerdictTable;
import org.triscale.results.internal.verdict.KpiOutcome;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.SeriesChecks;
import org.triscale.results.internal.verdict.VerdictAnalysis;
import org.triscale.results.internal.verdict.VerdictMessages;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A test's verdict for the extension to report: refused on partial data, skipped when every run
 * skipped itself, or judged (the {@link Judge} decides, {@link VerdictFiles} writes the files it
 * decided on, before the extension reports anything). The extension turns the returned value into
 * JUnit's outcome, output and report entries; the library keeps its judge, files, gate and tables.
 */
public final class Verdicts {
    private Verdicts() {
    }

    /** What {@link #decide} found: one of its three records. */
    public sealed interface Verdict permits Refused, Skipped, Judged {
    }

    /**
     * The verdict refused: runs of the sequel did not execute in this launch.
     *
     * @param failure the reason, one line
     * @param message the test's failure message (the verdict's header and the reason)
     */
    public record Refused(String failure, String message) implements Verdict {
    }

    /**
     * The verdict skipped: every run aborted itself (an assumption), so there is nothing to judge.
     *
     * @param reason  the reason, one line
     * @param message the test's skip message (the verdict's header and the reason)
     */
    public record Skipped(String reason, String message) implements Verdict {
    }

    /**
     * The verdict judged, its files written.
     *
     * @param summary        the progress line's first words: "passed · …" or "FAILED · n problems"
     * @param failures       the verdict's failures; empty when it passed
     * @param warnings       its warnings
     * @param numbers        the report entry of its numbers, or empty without a result
     * @param json           the JSON result written, or empty
     * @param adaptive       what each KPI of an adaptive test rests on; empty for fixed runs
     * @param table          the verdict's table, as printed
     * @param gate           the regression gate's notes and worst outcome, or empty without {@code @Baseline}
     * @param failureMessage the test's failure message, or empty when the verdict passed
     */
    public record Judged(String summary, List<String> failures, List<String> warnings, Optional<String> numbers,
                         Optional<Path> json, List<String> adaptive, String table, Optional<Gate> gate,
                         Optional<String> failureMessage) implements Verdict {
        /** Copies the lists. */
        public Judged {
            failures = List.copyOf(failures);
            warnings = List.copyOf(warnings);
            adaptive = List.copyOf(adaptive);
        }
    }

    /**
     * What the regression gate reports besides the verdict's lines.
     *
     * @param notes        what it says of the comparison (an update's changes, a created baseline)
     * @param worstOutcome the worst outcome of its gated metrics, or {@code "none"}
     */
    public record Gate(List<String> notes, String worstOutcome) {
        /** Copies the notes. */
        public Gate {
            notes = List.copyOf(notes);
        }
    }

    /**
     * Decides a test's verdict and writes its files (baseline of an update, history line, gate
     * summary, JSON result), in that order, before returning.
     *
     * @param recorded    the runs, as recorded
     * @param complete    whether every run generated executed in this launch
     * @return the verdict
     */
    public static Verdict decide(RecordedSequel recorded, boolean complete) {
        if (!complete) {
            String failure = VerdictMessages.partialData(recorded.setup(), recorded);
            return new Refused(failure, Judge.header(recorded, "REFUSED") + "\n- " + failure);
        }
        if (Judge.allRunsAborted(recorded)) {
            String reason = "all " + recorded.plannedRuns() + " runs were skipped by an assumption; the verdict is skipped too";
            return new Skipped(reason, Judge.header(recorded, "SKIPPED") + "\n- " + reason);
        }
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(recorded));
        List<String> failures = conclusion.failures();
        String summary = failures.isEmpty() ? "passed · " + Judge.counts(recorded) : "FAILED · " + failures.size()
                + (failures.size() == 1 ? " problem" : " problems");
        BaselineGate gate = conclusion.gate();
        return new Judged(summary, failures, conclusion.warnings(),
                Optional.ofNullable(conclusion.result()).map(LaunchSummary::numbers),
                Optional.ofNullable(conclusion.json()), conclusion.adaptive(),
                VerdictTable.render(conclusion.result(), conclusion.json()),
                Optional.ofNullable(gate).map(g -> new Gate(g.notes(),
                        g.worstOutcome() == null ? "none" : g.worstOutcome().name())),
                failures.isEmpty() ? Optional.empty() : Optional.of(Judge.failureMessage(recorded, conclusion)));
    }

    /**
     * One series' KPI checks, computed as the verdict will compute that series' KPIs.
     *
     * @param passed   whether every KPI of the series holds
     * @param numbers  each KPI's line: {@code "KPI delay P75 upper (≤ 80 ms) = 49.85 ms ok"}, one per line
     * @param failures the statement of each violated or undefined KPI
     */
    public record SeriesVerdict(boolean passed, String numbers, List<String> failures) {
        /** Copies the list. */
        public SeriesVerdict {
            failures = List.copyOf(failures);
        }
    }

    /**
     * Checks the KPIs of one series after its last run.
     *
     * @param recorded the runs so far
     * @param series   the series, from 1
     * @return its checks
     */
    public static SeriesVerdict seriesChecks(RecordedSequel recorded, int series) {
        SeriesChecks checks = VerdictAnalysis.seriesChecks(recorded, series);
        StringBuilder numbers = new StringBuilder();
        for (KpiOutcome kpi : checks.kpis()) {
            numbers.append(numbers.length() == 0 ? "" : "\n").append("KPI ").append(kpi.spec().label())
                    .append(" (").append(kpi.spec().thresholds()).append(") = ")
                    .append(Double.isNaN(kpi.value()) ? "undefined" : kpi.spec().metric().format(kpi.value()))
                    .append(kpi.passed() ? " ok" : " FAILED");
        }
        return new SeriesVerdict(checks.passed(), numbers.toString(), checks.failures());
    }
}
