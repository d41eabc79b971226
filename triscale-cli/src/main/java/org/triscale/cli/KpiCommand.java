package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Responses;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sizing.Sizing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** {@code triscale kpi}: a series' KPI, a one-sided Thompson bound of a percentile of run metrics. */
@Command(name = "kpi", mixinStandardHelpOptions = true,
        description = {"Compute the KPI of a series: a one-sided confidence bound of a percentile of the run "
                + "metrics (Thompson 1936), with the checks that the runs are i.i.d.",
                "Example: triscale kpi metrics.csv -p 75 -c 75"})
final class KpiCommand extends SeriesCommand {

    @Option(names = "--side", paramLabel = "lower|upper",
            description = "Bound the percentile from below or above (default: lower below 50, upper above 50; "
                    + "the median needs a side).")
    Side side;

    @Override
    public Integer call() throws IOException {
        if (percentile == 50 && side == null) {
            throw usageError("the median (-p 50) needs a side: add --side lower or --side upper");
        }
        if (grouped()) {
            Grouped.Table table = readGroups(true);
            List<Grouped.Row> rows = new ArrayList<>();
            for (Grouped.Group group : table.groups()) {
                KpiResult kpi = Kpis.kpi(group.columns().get(0), percentile, confidence, side, bounds, mode);
                Map<String, Object> cells = new LinkedHashMap<>();
                cells.put("kpi", Grouped.value(kpi.defined(), kpi.value()));
                cells.put("side", kpi.side().name().toLowerCase(Locale.ROOT));
                cells.put("values", kpi.values());
                cells.put("dropped_nan", kpi.droppedNaN());
                cells.put("stationary", kpi.stationarity().stationary());
                rows.add(new Grouped.Row(group.key(), cells, toJson(kpi), kpi.defined()));
            }
            return Grouped.print(this, output(), table.keyNames(), rows);
        }
        CsvColumns data = readValues();
        KpiResult kpi = Kpis.kpi(data.column(0), percentile, confidence, side, bounds, mode);
        if (json) {
            printJson(toJson(kpi));
        } else {
            printLines(summary(kpi, data));
        }
        return kpi.defined() ? 0 : UNDEFINED;
    }

    private static ObjectNode toJson(KpiResult kpi) {
        ObjectNode node = Responses.kpi(kpi);
        node.put("side", kpi.side().name().toLowerCase(Locale.ROOT));
        node.put("percentile", kpi.percentile());
        node.put("confidence", kpi.confidence());
        node.put("values", kpi.values());
        node.put("dropped_nan", kpi.droppedNaN());
        if (kpi.defined()) {
            node.put("index", kpi.index());
        } else {
            node.putNull("index");
        }
        putChecks(node, kpi.stationarity());
        return node;
    }

    private List<String> summary(KpiResult kpi, CsvColumns data) {
        List<String> lines = new ArrayList<>();
        boolean upper = kpi.side() == Side.UPPER;
        String what = (upper ? "upper" : "lower") + " bound of the " + Text.ordinal(kpi.percentile()) + " percentile of "
                + data.names().get(0);
        if (kpi.defined()) {
            lines.add("KPI: " + Text.number(kpi.value()) + " (" + what + ", " + Text.percent(kpi.confidence())
                    + " % confidence; value " + (kpi.index() + 1) + " of " + kpi.values() + " sorted)");
        } else {
            lines.add("KPI: undefined: the " + what + " at " + Text.percent(kpi.confidence())
                    + " % confidence needs at least " + Sizing.oneSided(kpi.percentile(), kpi.confidence(), 0)
                    + " values, got " + kpi.values());
        }
        describeValues(kpi.values(), kpi.droppedNaN(), data, kpi.stationarity(), lines);
        if (kpi.defined()) {
            lines.add("confidence: with probability at least " + Text.percent(kpi.confidence()) + " %, the "
                    + Text.ordinal(kpi.percentile()) + " percentile of the metric under these conditions is "
                    + (upper ? "at most " : "at least ") + Text.number(kpi.value())
                    + ", provided the runs are independent and identically distributed");
        }
        return lines;
    }
}
