package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Responses;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sizing.Sizing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code triscale score}: a sequel's variability score from its series KPIs. */
@Command(name = "score", mixinStandardHelpOptions = true,
        description = {"Compute the variability score of a sequel: the width of a two-sided confidence interval "
                + "of a percentile pair (p and 100 - p) of the series KPIs (Thompson 1936).",
                "Example: triscale score kpis.csv -p 75 -c 75"})
final class ScoreCommand extends SeriesCommand {

    @Option(names = "--joint", description = "Size the interval jointly: both ends (p and 100 - p) hold together "
            + "with the confidence. Without it, TriScale's interval holds each end on its own (jointly 2c - 1).")
    boolean joint;

    @Override
    public Integer call() throws IOException {
        IntervalKind kind = joint ? IntervalKind.JOINT : IntervalKind.TWO_SIDED;
        if (grouped()) {
            return grouped(kind);
        }
        CsvColumns data = readValues();
        VariabilityResult score = VariabilityScores.score(data.column(0), percentile, confidence, kind, bounds, mode);
        if (json) {
            printJson(toJson(score, kind));
        } else {
            printLines(summary(score, kind, data));
        }
        return score.defined() ? 0 : UNDEFINED;
    }

    /**
     * One score per group. With a series column the rows of a group and series must be one value
     * (one KPI per series): several are refused, since run metrics in place of KPIs would give a
     * score of the runs, not of the series.
     */
    private int grouped(IntervalKind kind) throws IOException {
        Grouped.Table table = readGroups(false);
        List<String> keyNames = table.keyNames();
        Map<List<String>, List<Double>> values = new LinkedHashMap<>();
        if (seriesColumn != null) {
            keyNames = keyNames.subList(0, keyNames.size() - 1);
            for (Grouped.Group group : table.groups()) {
                List<String> key = group.key().subList(0, group.key().size() - 1);
                double[] column = group.columns().get(0);
                if (column.length != 1) {
                    throw new org.triscale.cli.csv.CsvDataException(table.file() + ": series '"
                            + group.key().get(group.key().size() - 1) + "'" + (key.isEmpty() ? "" : " of group "
                            + String.join(",", key)) + " has " + column.length + " rows; score takes one value (the"
                            + " series' KPI) per series: compute the KPIs first (kpi --group-by ... --series-column"
                            + " ... --csv)");
                }
                values.computeIfAbsent(key, k -> new ArrayList<>()).add(column[0]);
            }
        } else {
            for (Grouped.Group group : table.groups()) {
                List<Double> list = values.computeIfAbsent(group.key(), k -> new ArrayList<>());
                for (double v : group.columns().get(0)) {
                    list.add(v);
                }
            }
        }
        List<Grouped.Row> rows = new ArrayList<>();
        for (Map.Entry<List<String>, List<Double>> group : values.entrySet()) {
            double[] data = group.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            VariabilityResult score = VariabilityScores.score(data, percentile, confidence, kind, bounds, mode);
            Map<String, Object> cells = new LinkedHashMap<>();
            cells.put("score", Grouped.value(score.defined(), score.score()));
            cells.put("relative_score", Grouped.value(score.defined(), score.relativeScore()));
            cells.put("lower_value", Grouped.value(score.defined(), score.lowerValue()));
            cells.put("upper_value", Grouped.value(score.defined(), score.upperValue()));
            cells.put("values", score.values());
            cells.put("dropped_nan", score.droppedNaN());
            cells.put("stationary", score.stationarity().stationary());
            rows.add(new Grouped.Row(group.getKey(), cells, toJson(score, kind), score.defined()));
        }
        return Grouped.print(this, output(), keyNames, rows);
    }

    private static ObjectNode toJson(VariabilityResult score, IntervalKind kind) {
        ObjectNode node = Responses.variability(score);
        node.put("percentile", score.percentile());
        node.put("confidence", score.confidence());
        node.put("interval", kind == IntervalKind.JOINT ? "joint" : "two-sided");
        node.put("values", score.values());
        node.put("dropped_nan", score.droppedNaN());
        node.setAll(Responses.interval(score.interval()));
        putChecks(node, score.stationarity());
        return node;
    }

    private List<String> summary(VariabilityResult score, IntervalKind kind, CsvColumns data) {
        List<String> lines = new ArrayList<>();
        double low = Math.min(score.percentile(), 100 - score.percentile());
        double high = 100 - low;
        String confidence = Text.percent(score.confidence()) + " %";
        if (score.defined()) {
            lines.add("variability score: " + Text.number(score.score()) + " (relative "
                    + Text.number(score.relativeScore()) + "), " + confidence + " confidence");
            lines.add("interval: [" + Text.number(score.lowerValue()) + ", " + Text.number(score.upperValue())
                    + "] = values " + (score.interval().lowerIndex().getAsInt() + 1) + " and "
                    + (score.interval().upperIndex().getAsInt() + 1) + " of " + score.values() + " sorted");
        } else {
            int needed = kind == IntervalKind.JOINT
                    ? Sizing.joint(score.percentile(), score.confidence(), 0)
                    : Sizing.twoSided(score.percentile(), score.confidence(), 0);
            String of = low == 50
                    ? "the median"
                    : "the " + Text.ordinal(low) + "/" + Text.ordinal(high) + " percentiles";
            lines.add("variability score: undefined: a " + confidence + (kind == IntervalKind.JOINT ? " joint" : "")
                    + " interval of " + of + " needs at least " + needed + " values, got " + score.values());
        }
        describeValues(score.values(), score.droppedNaN(), data, score.stationarity(), lines);
        if (score.defined()) {
            lines.add("confidence: " + coverage(score, kind, low, high));
        }
        return lines;
    }

    private static String coverage(VariabilityResult score, IntervalKind kind, double low, double high) {
        String c = Text.percent(score.confidence()) + " %";
        String lb = Text.number(score.lowerValue());
        String ub = Text.number(score.upperValue());
        if (low == 50) {
            // TriScale sizes the median's pair jointly.
            return "the interval [" + lb + ", " + ub + "] contains the median of the series KPIs with probability"
                    + " at least " + c;
        }
        if (kind == IntervalKind.JOINT) {
            return "the " + Text.ordinal(low) + " percentile of the series KPIs is at least " + lb + " and the "
                    + Text.ordinal(high) + " at most " + ub + ", both together with probability at least " + c;
        }
        double jointly = Math.max(0, 2 * score.confidence() - 100);
        return "the " + Text.ordinal(low) + " percentile of the series KPIs is at least " + lb + " and the "
                + Text.ordinal(high) + " at most " + ub + ", each with probability at least " + c
                + " on its own, both together at least " + Text.percent(jointly) + " % (2c - 1)";
    }
}
