package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Responses;
import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.RunMetrics;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.TheilSenFit;
import org.triscale.testbed.LogFormat;
import org.triscale.testbed.LogReading;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code triscale metric}: the metric of one run from its (x, y) samples in a CSV file. Its model is
 * built with picocli's programmatic API ({@link #spec}), as {@link Specs} explains: this is the
 * command of the large files, whose start-up counts.
 */
final class MetricCommand extends BaseCommand {
    private static final String MEASURE = "--measure";
    private static final String CONVERGENCE = "--convergence";
    private static final String BOUNDS = "--bounds";
    private static final String X_COLUMN = "--x-column";
    private static final String Y_COLUMN = "--y-column";
    private static final String FORMAT = "--format";
    private static final String FIELD = "--field";
    private static final String GROUP_BY = "--group-by";
    private static final String SERIES_COLUMN = "--series-column";
    private static final String CSV = "--csv";

    Path file;
    Measure measure;
    ConvergenceSpec convergence;
    ValueRange bounds;
    ColumnRef xColumn;
    ColumnRef yColumn;
    LogFormat format;
    String field;
    String groupBy;
    String seriesColumn;
    boolean csv;

    /**
     * The model of the command: its help, options and parameter.
     *
     * @param command the command that runs with it
     * @return the model
     */
    static CommandSpec spec(MetricCommand command) {
        CommandSpec spec = Specs.command(command, "metric",
                "Compute the metric of one run from its samples: a CSV file with two columns x,y "
                        + "(x usually time), or a test bed's log with --format and --field. A header row is optional; "
                        + "empty or nan cells are dropped and counted.",
                "Example: triscale metric run.csv --measure 95 --convergence 95,5 --bounds 0,120",
                "Example: triscale metric iperf3.json --format iperf3 --field throughput --measure 50");
        spec.addPositional(PositionalParamSpec.builder().index("0").arity("1").required(true).type(Path.class).paramLabel("FILE")
                .description("CSV file of the run's samples.").build());
        spec.addOption(Specs.option(MEASURE, Measure.class, new Converters.MeasureConverter(), "<measure>",
                "How the samples become one number: a percentile in (0, 100) such as 95, or mean, "
                        + "minimum, maximum.").required(true).build());
        spec.addOption(Specs.option(CONVERGENCE, ConvergenceSpec.class, new Converters.Convergence(),
                "CONFIDENCE,TOLERANCE", "Require the run to pass TriScale's convergence test at this confidence and "
                        + "tolerance (percent; TriScale uses 95,5). The metric is then the median of the windowed "
                        + "metric.").build());
        spec.addOption(Specs.option(BOUNDS, ValueRange.class, new Converters.Range(), "MIN,MAX",
                "Range of the values, used to normalise them for the convergence test "
                        + "(default: their min and max).").build());
        spec.addOption(Specs.option(X_COLUMN, ColumnRef.class, new Converters.Column(), "NAME|POSITION",
                "Column of x (default: the first).").build());
        spec.addOption(Specs.option(Y_COLUMN, ColumnRef.class, new Converters.Column(), "NAME|POSITION",
                "Column of y (default: the second).").build());
        spec.addOption(Specs.option(FORMAT, LogFormat.class, new Converters.Format(), "FORMAT",
                "Read a test bed's log instead of a CSV of x,y: iperf3 (-J or text output), flowmon (ns-3 "
                        + "FlowMonitor XML), mahimahi (mm-link or Pantheon log), flent (.flent.gz), irtt (JSON), pcap "
                        + "(pcap or pcapng capture), csv, jsonl; with --field. gzip data is read as such.").build());
        spec.addOption(OptionSpec.builder(FIELD).type(String.class).paramLabel("NAME")
                .description("The field whose samples are the run's: iperf3 throughput|retransmits|rtt|cwnd, or "
                        + "sent|received (iperf3's own summary, one value); flowmon fct|throughput|delay|jitter|loss; "
                        + "mahimahi delay|throughput|capacity|ingress; a flent series; irtt "
                        + "rtt|send_delay|receive_delay|ipdv; pcap goodput|fct (one per TCP flow)|rtt (per ACK); "
                        + "a CSV column or JSON field (dotted path; x from "
                        + "--x-column, else the position).")
                .build());
        spec.addOption(OptionSpec.builder(GROUP_BY).type(String.class).paramLabel("COLUMN[,COLUMN]")
                .description("Split the CSV's rows by the values of these columns (names or positions), e.g. the CCA "
                        + "and the run, and compute one metric per group: one result row per group. The values are "
                        + "--y-column (or --field), against --x-column or the row number in the group.").build());
        spec.addOption(OptionSpec.builder(SERIES_COLUMN).type(String.class).paramLabel("COLUMN")
                .description("The column naming each series (e.g. its date): part of the group, printed as its own "
                        + "column.").build());
        spec.addOption(OptionSpec.builder(CSV).type(boolean.class)
                .description("With --group-by: print the rows as CSV (a header, one line per group); --json prints "
                        + "one JSON object per group and line.").build());
        spec.addOption(jsonOption());
        command.spec = spec;
        return spec;
    }

    /** Takes the parsed values from the model into the fields. */
    private void bind() {
        file = spec.positionalParameters().get(0).getValue();
        measure = Specs.value(spec, MEASURE);
        convergence = Specs.value(spec, CONVERGENCE);
        bounds = Specs.value(spec, BOUNDS);
        xColumn = Specs.value(spec, X_COLUMN);
        yColumn = Specs.value(spec, Y_COLUMN);
        format = Specs.value(spec, FORMAT);
        field = Specs.value(spec, FIELD);
        json = Boolean.TRUE.equals(Specs.value(spec, JSON));
        groupBy = Specs.value(spec, GROUP_BY);
        seriesColumn = Specs.value(spec, SERIES_COLUMN);
        csv = Boolean.TRUE.equals(Specs.value(spec, CSV));
    }

    @Override
    public Integer call() throws IOException {
        bind();
        if (xColumn != null && xColumn.equals(yColumn)) {
            throw usageError("--x-column and --y-column name the same column " + xColumn + "; choose two columns");
        }
        if (field != null && yColumn != null) {
            throw usageError("--field and --y-column both choose the values; give one");
        }
        if (csv && groupBy == null && seriesColumn == null) {
            throw usageError("--csv prints the rows of --group-by; add --group-by COLUMN (or use --json)");
        }
        if (csv && json) {
            throw usageError("--csv and --json both choose the output; give one");
        }
        if (groupBy != null || seriesColumn != null) {
            return grouped();
        }
        LogInput.Read input = read();
        CsvColumns data = input.data();
        LogReading reading = input.reading();
        if (reading != null && reading.runValue()) {
            return printRunValue(reading, data);
        }
        // The columns may be longer than the rows read (sized from an estimate): not copied to trim them.
        RunMetric metric = RunMetrics.compute(data.leadingRows(0), data.leadingRows(1), data.rows(), measure, bounds,
                convergence);
        String meanRule = null;
        if (reading != null && measure.kind() == Measure.Kind.MEAN && convergence == null
                && !Double.isNaN(reading.toolMean()) && metric.samples() > 0) {
            // The tool's own rule for the run's mean (iperf3 weights intervals by their duration,
            // flent takes the series metadata's mean), so that the metric agrees with its summary.
            metric = new RunMetric(true, reading.toolMean(), metric.measure(), metric.samples(), metric.droppedNaN(),
                    Optional.empty());
            meanRule = reading.toolMeanSource();
        }
        if (json) {
            ObjectNode node = toJson(metric);
            if (reading != null) {
                node.put("source", reading.source());
                if (meanRule != null) {
                    node.put("mean_rule", meanRule);
                }
            }
            printJson(node);
        } else {
            List<String> lines = summary(metric, data);
            if (meanRule != null) {
                lines.add(1, "the mean is " + meanRule);
            }
            if (reading != null && !reading.source().isEmpty()) {
                lines.add("source: " + reading.source());
            }
            printLines(lines);
        }
        return metric.valid() ? 0 : UNDEFINED;
    }

    /** One metric per group of rows. */
    private int grouped() throws IOException {
        if (format != null && format != LogFormat.CSV) {
            throw usageError("--group-by and --series-column read a CSV file; --format " + format
                    + " has no rows to group");
        }
        ColumnRef y = field != null ? ColumnRef.parse(field) : yColumn;
        if (y == null) {
            throw usageError("--group-by needs the column of the values: add --y-column NAME|POSITION");
        }
        List<ColumnRef> keys = new ArrayList<>();
        try {
            if (groupBy != null) {
                keys.addAll(Grouped.columns(groupBy));
            }
            if (seriesColumn != null) {
                keys.add(ColumnRef.parse(seriesColumn));
            }
        } catch (IllegalArgumentException e) {
            throw usageError("--group-by / --series-column: " + e.getMessage());
        }
        List<ColumnRef> values = xColumn == null ? List.of(y) : List.of(xColumn, y);
        Grouped.Table table = Grouped.read(file, keys, values);
        List<Grouped.Row> rows = new ArrayList<>();
        for (Grouped.Group group : table.groups()) {
            double[] ys = group.columns().get(values.size() - 1);
            double[] xs;
            if (xColumn == null) {
                xs = new double[ys.length];
                for (int i = 0; i < xs.length; i++) {
                    xs[i] = i;
                }
            } else {
                xs = group.columns().get(0);
            }
            RunMetric metric = RunMetrics.compute(xs, ys, ys.length, measure, bounds, convergence);
            Map<String, Object> cells = new LinkedHashMap<>();
            cells.put("metric", Grouped.value(metric.valid(), metric.value()));
            cells.put("samples", metric.samples());
            cells.put("dropped_nan", metric.droppedNaN());
            if (convergence != null) {
                cells.put("converged", metric.convergence().map(ConvergenceResult::converged).orElse(false));
            }
            rows.add(new Grouped.Row(group.key(), cells, toJson(metric), metric.valid()));
        }
        return Grouped.print(this, json ? Grouped.Output.JSON : csv ? Grouped.Output.CSV : Grouped.Output.TABLE,
                table.keyNames(), rows);
    }

    /** A field that is one value for the whole run (iperf3's end summary): printed as it stands. */
    private int printRunValue(LogReading reading, CsvColumns data) throws IOException {
        double value = reading.samples().y()[0];
        if (json) {
            ObjectNode node = Responses.metric(new RunMetric(true, value, measure, 1, 0, Optional.empty()));
            node.put("metric", reading.samples().name());
            node.put("samples", 1);
            node.put("dropped_nan", 0);
            node.put("source", reading.source());
            printJson(node);
        } else {
            printLines(List.of("metric: " + data.names().get(1) + " = " + Text.number(value) + " "
                            + reading.samples().unit() + " (" + reading.toolMeanSource() + ": one value for the run;"
                            + " --measure " + measure + " does not apply)",
                    "source: " + reading.source() + " (" + data.file() + ")"));
        }
        return 0;
    }

    private LogInput.Read read() {
        if (format == null || format == LogFormat.CSV) {
            ColumnRef y = field != null ? ColumnRef.parse(field) : yColumn;
            return new LogInput.Read(CsvInput.xy(file, xColumn, y), null);
        }
        if (yColumn != null || xColumn != null && (format != LogFormat.JSONL || xColumn.name() == null)) {
            throw usageError("--format " + format + " reads --field NAME; --x-column and --y-column are for CSV "
                    + "(and --x-column NAME for JSON lines)");
        }
        return LogInput.samples(file, format, field, xColumn == null ? null : xColumn.name());
    }

    private static ObjectNode toJson(RunMetric metric) {
        ObjectNode node = Responses.metric(metric);
        node.put("metric", metric.measure().toString());
        node.put("samples", metric.samples());
        node.put("dropped_nan", metric.droppedNaN());
        metric.convergence().ifPresent(result -> node.set("convergence", Responses.convergence(result)
                .put("confidence", result.fit() == null ? Double.NaN : result.fit().confidence())
                .put("tolerance", result.tolerance())));
        return node;
    }

    private List<String> summary(RunMetric metric, CsvColumns data) {
        List<String> lines = new ArrayList<>();
        String name = metric.measure() + " of " + data.names().get(1);
        Optional<ConvergenceResult> convergence = metric.convergence();
        if (metric.valid()) {
            lines.add("metric: " + name + " = " + Text.number(metric.value()));
        } else if (convergence.isPresent() && !convergence.get().converged()) {
            lines.add("metric: " + name + " is undefined: the run did not converge");
        } else {
            lines.add("metric: " + name + " is undefined: fewer than 2 samples (" + metric.samples() + " used)"
                    + (format == LogFormat.IPERF3 ? "; for a run of one interval use --measure mean (bytes over"
                    + " seconds) or --field received / sent (iperf3's own summary)" : ""));
        }
        lines.add("samples: " + metric.samples() + " used, " + Text.count(metric.droppedNaN(), "row")
                + " with NaN dropped (" + data.file() + ")");
        convergence.ifPresent(result -> lines.add(describe(result)));
        if (convergence.isPresent() && metric.valid()) {
            lines.add("the metric is the median of the " + metric.measure() + " over sliding windows of half the run");
        }
        return lines;
    }

    private static String describe(ConvergenceResult result) {
        TheilSenFit fit = result.fit();
        String tolerance = "±" + Text.number(result.tolerance() / 100) + " (" + Text.percent(result.tolerance()) + " %)";
        if (fit == null) {
            return "convergence: " + (result.converged() ? "passed" : "failed") + " (tolerance " + tolerance + ")";
        }
        return "convergence: " + (result.converged() ? "passed" : "FAILED") + ": Theil–Sen slope of the normalised "
                + "metric " + Text.number(fit.slope()) + ", " + Text.percent(fit.confidence()) + " % interval ["
                + Text.number(fit.lowSlope()) + ", " + Text.number(fit.highSlope()) + "] "
                + (result.converged() ? "within " : "not within ") + tolerance;
    }
}
