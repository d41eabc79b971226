package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.report.LaunchSummary;
import org.triscale.results.internal.report.VerdictTable;
import org.triscale.results.internal.files.VerdictFiles;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.VerdictMessages;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Reports a test method's verdict to JUnit: refuses a stopped or partial launch, has the
 * {@link Judge} decide on the recorded runs, prints the summary and the verdict's table, publishes
 * the report entries and the JSON file, and fails with every problem in one message.
 */
final class VerdictPublisher {
    private VerdictPublisher() {
    }

    static void publish(TemplateState state, ExtensionContext context) {
        TestSetup setup = state.setup;
        if (state.stopReason() != null) {
            progress(setup, "STOPPED · " + state.stopReason(), List.of());
            throw new ExtensionConfigurationException(state.stopReason());
        }
        RecordedSequel recorded = state.recorded();
        if (!state.complete()) {
            String failure = VerdictMessages.partialData(setup, recorded);
            progress(setup, "REFUSED · " + failure, List.of());
            throw new AssertionFailedError(Judge.header(recorded, "REFUSED") + "\n- " + failure);
        }
        if (Judge.allRunsAborted(recorded)) {
            // Every run skipped itself (an assumption: a missing backend, a wrong platform): there is
            // nothing to judge, and a red verdict would contradict the runs' own skips.
            String reason = "all " + state.plannedRuns() + " runs were skipped by an assumption; the verdict is skipped too";
            progress(setup, "skipped · " + reason, List.of());
            throw new TestAbortedException(Judge.header(recorded, "SKIPPED") + "\n- " + reason);
        }
        // The judge decides; the files it decided on are written here, before anything is reported.
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(recorded));
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
            attach(context, json);
            context.publishReportEntry("triscale.result", json.toString());
        }
        String summary = failures.isEmpty() ? "passed · " + Judge.counts(recorded) : "FAILED · " + failures.size()
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
                if (setup.settings().progress() || setup.gate().get().policies().update()) {
                    Progress.verdict(setup, note);
                }
            }
            context.publishReportEntry("triscale.baseline", gate.worstOutcome() == null ? "none"
                    : gate.worstOutcome().name());
        }
        if (!failures.isEmpty()) {
            throw new AssertionFailedError(Judge.failureMessage(recorded, conclusion));
        }
    }

    /**
     * Attaches the JSON to the test's report (Open Test Reporting). A launcher that writes no
     * outputs (the test kit, by default) refuses; the result file is written anyway, so the refusal
     * is not worth a line of output.
     */
    private static void attach(ExtensionContext context, Path json) {
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
