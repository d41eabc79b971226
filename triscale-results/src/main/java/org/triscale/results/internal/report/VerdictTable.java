package org.triscale.results.internal.report;

import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.TestResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdict's numbers as a compact aligned table, passing or failing: per KPI the deciding
 * bound over the series with its unit, the threshold, the confidence and the runs it covers; per
 * variability score its value, interval and threshold; the gate's outcomes; the warnings; and
 * where the result file is. Printed by the verdict and by {@code triscale show}.
 */
public final class VerdictTable {
    private VerdictTable() {
    }

    /**
     * Renders the table.
     *
     * @param result the result
     * @param json   the result file, or null when it was not written
     * @return the lines, without a trailing newline
     */
    public static String render(TestResult result, Path json) {
        TestResult.Parameters parameters = result.parameters();
        StringBuilder text = new StringBuilder("TriScale verdict of ").append(ResultFacts.name(result)).append(": ")
                .append(result.verdict().status()).append(" (").append(parameters.series().count())
                .append(" series × ").append(parameters.runs().count()).append(" runs, mode ")
                .append(parameters.mode()).append(')');
        String table = table(result);
        if (!table.isEmpty()) {
            text.append('\n').append(table);
        }
        TestResult.Verdict verdict = result.verdict();
        if (verdict.failedRuns() > 0 || verdict.excludedRuns() > 0) {
            text.append("\n  runs: ").append(verdict.runs()).append(", failed ").append(verdict.failedRuns())
                    .append(", excluded ").append(verdict.excludedRuns());
        }
        for (String warning : verdict.warnings()) {
            text.append("\n  warning: ").append(warning);
        }
        if (json != null) {
            text.append("\n  results: ").append(json);
        }
        return text.toString();
    }

    /**
     * The table alone: one row per KPI, variability score and gated metric, indented; empty when
     * the test has none.
     *
     * @param result the result
     * @return the rows, without a trailing newline
     */
    public static String table(TestResult result) {
        List<String[]> rows = rows(result);
        if (rows.size() == 1) {
            return "";
        }
        Table table = new Table(rows.get(0));
        rows.subList(1, rows.size()).forEach(table::row);
        return table.render("  ");
    }

    /** The header and one row per KPI, variability score and gated metric. */
    static List<String[]> rows(TestResult result) {
        TestResult.Parameters parameters = result.parameters();
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"", "value", "threshold", "confidence", "covers", "series values", "outcome"});
        for (int i = 0; i < parameters.kpis().size(); i++) {
            TestResult.KpiParameters kpi = parameters.kpis().get(i);
            TestResult.SeriesKpi deciding = ResultFacts.deciding(result, i);
            List<TestResult.SeriesKpi> series = ResultFacts.seriesKpis(result, i);
            boolean passed = true;
            boolean defined = true;
            List<String> values = new ArrayList<>();
            int runs = 0;
            for (TestResult.SeriesKpi one : series) {
                TestResult.KpiBound bound = one == null ? null : one.bound();
                passed &= bound != null && bound.passed();
                defined &= bound != null && bound.defined();
                values.add(bound == null || bound.value() == null ? "n/a" : Format.number(bound.value()));
                runs += bound == null ? 0 : bound.values();
            }
            String side = ResultFacts.upper(kpi.side()) ? " upper" : " lower";
            table.add(new String[] {"KPI " + ResultFacts.kpiLabel(kpi) + side,
                    deciding == null ? "n/a" : ResultFacts.value(result, kpi.metric(), deciding.bound().value()),
                    ResultFacts.threshold(result, kpi.metric(), kpi.atLeast(), kpi.atMost()),
                    Format.number(kpi.confidence()) + " %", runs + " runs", String.join(" ", values),
                    ResultFacts.outcome(defined, passed)});
        }
        for (int i = 0; i < result.variabilityScores().size(); i++) {
            TestResult.Score score = result.variabilityScores().get(i);
            TestResult.ScoreDefinition definition = score.definition();
            TestResult.ScoreInterval interval = score.interval();
            table.add(new String[] {"score " + definition.metric() + " P" + Format.number(definition.kpiPercentile())
                    + " KPIs", ResultFacts.value(result, definition.metric(), interval.score())
                            + (interval.relativeScore() == null ? "" : " (" + Format.percent(interval.relativeScore())
                            + ")"),
                    ResultFacts.scoreThreshold(result, score, ResultFacts.scoreParameters(result, i)),
                    Format.number(definition.confidence()) + " %", score.seriesKpis().size() + " series",
                    interval.lowerValue() == null ? "n/a" : "[" + Format.number(interval.lowerValue()) + ", "
                            + Format.number(interval.upperValue()) + "]",
                    ResultFacts.outcome(interval.defined(), interval.passed())});
        }
        if (result.baseline() != null) {
            for (TestResult.GateMetric gate : result.baseline().metrics()) {
                TestResult.GateKpis kpis = gate.kpis();
                // The change the decision used (with its interval); the KPIs' move stays in its own column.
                String change = ResultFacts.gateChange(gate);
                table.add(new String[] {"gate " + gate.metric(), change != null ? change + " ("
                        + ResultFacts.gateQuantity(gate) + ")" : kpis.change() == null ? "n/a"
                                : signed(ResultFacts.value(result, gate.metric(), kpis.change()), kpis.change())
                                + (kpis.relativeChange() == null ? ""
                                : " (" + Format.signedPercent(kpis.relativeChange()) + ")"),
                        "α = " + Format.number(gate.significance().alpha()), "", compared(gate),
                        "KPI " + ResultFacts.value(result, gate.metric(), kpis.oldKpi()) + " → "
                                + ResultFacts.value(result, gate.metric(), kpis.newKpi()) + " (for information)",
                        gate.outcome().label()});
            }
        }
        return table;
    }

    /** {@code "50 pairs"} (paired design) or {@code "5 vs 5 series"}. */
    static String compared(TestResult.GateMetric gate) {
        TestResult.GateSignificance counts = gate.significance();
        if (gate.gate() != null && gate.gate().design().isPaired()) {
            return counts.newCount() + " pairs";
        }
        return counts.newCount() + " vs " + counts.baselineCount() + " "
                + gate.compared().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static String signed(String text, double value) {
        return value > 0 ? "+" + text : text;
    }
}
