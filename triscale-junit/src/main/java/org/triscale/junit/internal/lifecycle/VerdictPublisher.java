package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.launch.Verdicts;
import org.triscale.results.internal.setup.TestSetup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Reports a test method's verdict to JUnit: refuses a stopped launch, has the library decide on
 * the recorded runs ({@link Verdicts}: refused on partial data, skipped, or judged), prints the summary and the verdict's table, publishes
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
        // The library decides; the files it decided on are written before anything is reported.
        Verdicts.Verdict verdict = Verdicts.decide(state.recorded(), state.complete());
        if (verdict instanceof Verdicts.Refused refused) {
            progress(setup, "REFUSED · " + refused.failure(), List.of());
            throw new AssertionFailedError(refused.message());
        }
        if (verdict instanceof Verdicts.Skipped skipped) {
            // Every run skipped itself (an assumption: a missing backend, a wrong platform): there is
            // nothing to judge, and a red verdict would contradict the runs' own skips.
            progress(setup, "skipped · " + skipped.reason(), List.of());
            throw new TestAbortedException(skipped.message());
        }
        Verdicts.Judged judged = (Verdicts.Judged) verdict;
        // The console launcher's tree and IDEs show report entries beside the test: numbers, not only a path.
        judged.numbers().ifPresent(numbers -> context.publishReportEntry("triscale.numbers", numbers));
        Path json = judged.json().orElse(null);
        if (json != null) {
            attach(context, json);
            context.publishReportEntry("triscale.result", json.toString());
        }
        progress(setup, judged.summary() + (json == null ? "" : " · " + json), judged.warnings());
        List<String> adaptive = judged.adaptive();
        if (!adaptive.isEmpty()) {
            // Even a passing verdict says what it rests on: the test report keeps it.
            context.publishReportEntry("triscale.adaptive", String.join("\n", adaptive));
            if (setup.settings().progress()) {
                adaptive.forEach(statement -> Progress.verdict(setup, statement));
            }
        }
        System.out.println(judged.table());
        if (judged.gate().isPresent()) {
            Verdicts.Gate gate = judged.gate().get();
            for (String note : gate.notes()) {
                // An update prints what changed even without progress lines: the user asked for it.
                if (setup.settings().progress() || setup.gate().get().policies().update()) {
                    Progress.verdict(setup, note);
                }
            }
            context.publishReportEntry("triscale.baseline", gate.worstOutcome());
        }
        if (judged.failureMessage().isPresent()) {
            throw new AssertionFailedError(judged.failureMessage().get());
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
