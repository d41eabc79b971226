package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.common.Markdown;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Design;
import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The gate's Markdown summary of one test method, {@code <output>/summary/<class>.<method>.md}, for
 * CI job summaries (e.g. appended to {@code $GITHUB_STEP_SUMMARY}).
 */
public final class GateSummary {
    private GateSummary() {
    }

    /**
     * Writes the summary of one gated test method.
     *
     * @param outputDir the results' folder; the file goes into its {@code summary} folder
     * @param setup     the test's setup
     * @param gate      the gate's comparison with the baseline
     * @param status    the test's verdict, the heading's first word ({@code PASSED} or {@code FAILED})
     * @param failures  the verdict's failures, one list item each
     * @param warnings  the verdict's warnings, one list item each
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(Path outputDir, TestSetup setup, BaselineGate gate, TestResult.VerdictStatus status,
                             List<String> failures, List<String> warnings) throws IOException {
        TestResult.Gate result = gate.result();
        ComparisonOutcome worst = gate.worstOutcome();
        StringBuilder md = new StringBuilder("#### ").append(status.name()).append(" · ").append(Markdown.code(setup.testName()))
                .append(" · baseline gate: ")
                .append(worst == null ? (result.written() ? "baseline written" : "no baseline")
                        : worst.name().toLowerCase(Locale.ROOT))
                .append("\n\n");
        if (!result.metrics().isEmpty()) {
            md.append("| metric | outcome | gated change [interval] | tolerance | design | detectable change "
                    + "| p (worse) | KPI before → after (for information) |\n|---|---|---|---|---|---|---|---|\n");
            for (TestResult.GateMetric metric : result.metrics()) {
                MetricSpec spec = setup.metric(metric.metric());
                TestResult.GateComparison numbers = metric.gate();
                // The metric's name: a run value it reported is not its measure of samples (not "P50 fct").
                md.append("| ").append(cell(spec.name())).append(" | ")
                        .append(cell(metric.outcome().label())).append(" | ")
                        .append(percent(numbers.change())).append(" [").append(percent(numbers.lower())).append(", ")
                        .append(percent(numbers.upper())).append(']')
                        .append(numbers.quantity() == null ? "" : " " + cell("(" + numbers.quantity() + ")"))
                        .append(" | ±").append(unsigned(numbers.tolerance()))
                        .append(numbers.toleranceSource() == null ? "" : " " + cell("(" + numbers.toleranceSourceLabel() + ")")).append(" | ")
                        .append(numbers.design().label()).append(", ").append(metric.significance().newCount())
                        .append(" vs ").append(metric.significance().baselineCount()).append(' ')
                        .append(numbers.design() == Design.UNPAIRED && metric.compared() == ComparisonUnit.SERIES
                                ? "series" : "runs").append(cell(numbers.launchLabel())).append(" | ±")
                        .append(unsigned(numbers.minimumDetectableChange())).append(" | ")
                        .append(metric.significance().worsePValue() == null ? "n/a"
                                : Format.number(metric.significance().worsePValue()))
                        .append(" | ").append(cell(value(spec, metric.kpis().oldKpi()))).append(" → ")
                        .append(cell(value(spec, metric.kpis().newKpi()))).append(" |\n");
            }
            md.append('\n');
        }
        md.append("Baseline: ").append(result.source() == null ? "none (file " + Markdown.code(result.file()) + ")"
                : cell(result.source())).append("\n\n");
        appendAll(md, failures);
        appendAll(md, warnings);
        for (String note : result.notes()) {
            md.append("- ").append(Markdown.text(note)).append('\n');
        }
        Path file = org.triscale.results.internal.common.FileNames.inside(outputDir.resolve("summary"),
                org.triscale.results.internal.common.FileNames.stem(setup.testClass() + "." + setup.testKey()) + ".md");
        byte[] bytes = md.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, temp -> Files.write(temp, bytes));
        return file;
    }

    private static void appendAll(StringBuilder md, List<String> lines) {
        for (String line : lines) {
            md.append("- ").append(Markdown.text(line)).append('\n');
        }
    }

    private static String percent(Double fraction) {
        return fraction == null ? "n/a" : Format.signedPercent(fraction);
    }

    private static String unsigned(Double fraction) {
        return fraction == null ? "n/a" : Format.percent(fraction);
    }

    private static String value(MetricSpec spec, Double value) {
        return value == null ? "n/a" : spec.format(value);
    }

    /** A user string (name, unit, label, message) in a table cell or the text: escaped, one line. */
    private static String cell(String text) {
        return Markdown.text(text);
    }
}
