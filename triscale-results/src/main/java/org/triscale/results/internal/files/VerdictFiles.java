package org.triscale.results.internal.files;

import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.gate.GateSummary;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.TestSetup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Writes the files of a {@link Judge.Decision}: the baseline of an update (through
 * {@link BaselineGate#writeBaseline}, which first deletes stale temporary files in its folder), the
 * gate's history line, the gate's Markdown summary and the JSON result, in that order. Judging
 * wrote none of them. A file that cannot be written is a problem of the verdict (a failure for the
 * baseline and the JSON, a warning for the
 * summary and the history), which the files written after it state; the analysis itself does not
 * depend on any of them.
 */
public final class VerdictFiles {
    private VerdictFiles() {
    }

    /**
     * Writes the files of a decision.
     *
     * @param decision what the judge decided
     * @return the result, the JSON file written (or null) and every problem, those of the files included
     */
    public static Judge.Conclusion write(Judge.Decision decision) {
        TestSetup setup = decision.state().setup();
        Settings settings = setup.settings();
        BaselineGate gate = decision.gate();
        Judge.Decision current = decision;
        if (gate != null) {
            // The baseline first: whether it was written decides the history line's acceptance,
            // and its failure fails the verdict the history line records.
            BaselineGate.Written baseline = gate.writeBaseline();
            gate = baseline.gate();
            current = current.withGate(gate);
            current = baseline.failure().isPresent() ? current.withFailure(baseline.failure().get()) : current;
            Optional<String> unappended = gate.appendHistory(current.status(), current.passed());
            current = unappended.isPresent() ? current.withWarning(unappended.get()) : current;
        }
        if (gate != null) {
            try {
                GateSummary.write(settings.outputDir(), setup, gate, current.status(), current.failures(),
                        current.warnings());
            } catch (IOException | RuntimeException e) {
                current = current.withWarning(unwritable("the baseline gate's Markdown summary", settings.outputDir(),
                        e, ConfigurationKeys.OUTPUT_DIR));
            }
        }
        TestResult result = current.result();
        Path json = null;
        try {
            json = JsonResults.write(result, settings.outputDir());
        } catch (IOException | RuntimeException e) {
            current = current.withFailure(unwritable("the JSON result", settings.outputDir(), e,
                    ConfigurationKeys.OUTPUT_DIR));
        }
        return new Judge.Conclusion(result, json, current.failures(), current.warnings(), gate, current.adaptive());
    }

    private static String unwritable(String what, Path folder, Exception e, String parameter) {
        return what + " could not be written to " + folder + " (" + e.getClass().getSimpleName() + ": "
                + e.getMessage() + "); make the folder writable or set the configuration parameter " + parameter
                + " to one that is. The analysis does not depend on it: the other lines, if any, are its findings.";
    }
}
