package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Json;
import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.Stationarity;
import org.triscale.testbed.LogFormat;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;

/** The inputs shared by {@code kpi} and {@code score}: one column of values, a percentile, checks. */
abstract class SeriesCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "CSV file with one value per line (a header row "
            + "is optional; empty or nan cells are dropped and counted).")
    Path file;

    @Option(names = {"-p", "--percentile"}, required = true, converter = Converters.Percent.class,
            description = "Percentile, in (0, 100).")
    double percentile;

    @Option(names = {"-c", "--confidence"}, required = true, converter = Converters.Percent.class,
            description = "Confidence in percent, in (0, 100).")
    double confidence;

    @Option(names = "--bounds", converter = Converters.Range.class, paramLabel = "MIN,MAX",
            description = "Range of the values, used by the TRISCALE trend check (default: their min and max).")
    ValueRange bounds;

    @Option(names = "--mode", defaultValue = "SOUND", paramLabel = "SOUND|TRISCALE",
            description = "Checks applied to the values: SOUND (calibrated false-alarm rate) or TRISCALE "
                    + "(the original's checks). Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--column", converter = Converters.Column.class, paramLabel = "NAME|POSITION",
            description = "Column to read when the file has several.")
    ColumnRef column;

    @Option(names = "--format", converter = Converters.Format.class, paramLabel = "FORMAT",
            description = "Read the values from a test bed's log instead of a CSV: iperf3, flowmon, mahimahi, flent, "
                    + "irtt, pcap, csv, jsonl; with --field (e.g. --format flowmon --field fct for one FCT per flow).")
    LogFormat format;

    @Option(names = "--field", paramLabel = "NAME",
            description = "The field whose values are read (see 'triscale metric --help'); for CSV the same as --column.")
    String field;

    @Option(names = "--group-by", paramLabel = "COLUMN[,COLUMN]",
            description = "Split the CSV's rows by the values of these columns (names or positions) and analyse each "
                    + "group on its own: one result row per group, in the order of their first row.")
    String groupBy;

    @Option(names = "--series-column", paramLabel = "COLUMN",
            description = "The column naming each series (e.g. its date). kpi: a series is the rows of one group and "
                    + "one value of it (printed as its own column). score: each series of a group must give one value "
                    + "(one KPI), else the input is refused.")
    String seriesColumn;

    @Option(names = "--csv", description = "With --group-by: print the rows as CSV (a header, one line per group) "
            + "instead of a table; --json prints one JSON object per group and line.")
    boolean csv;

    /** Whether the command analyses groups of rows (--group-by or --series-column). */
    boolean grouped() {
        if (csv && groupBy == null && seriesColumn == null) {
            throw usageError("--csv prints the rows of --group-by; add --group-by COLUMN (or use --json)");
        }
        if (csv && json) {
            throw usageError("--csv and --json both choose the output; give one");
        }
        return groupBy != null || seriesColumn != null;
    }

    /** The output of grouped results. */
    Grouped.Output output() {
        return json ? Grouped.Output.JSON : csv ? Grouped.Output.CSV : Grouped.Output.TABLE;
    }

    /**
     * The groups of the file: by the --group-by columns, and by the series column too when
     * {@code seriesInKey}; the value column from --column or --field (needed when grouping).
     */
    Grouped.Table readGroups(boolean seriesInKey) {
        if (format != null && format != LogFormat.CSV) {
            throw usageError("--group-by and --series-column read a CSV file; --format " + format + " has no rows to group");
        }
        if (field != null && column != null) {
            throw usageError("--field and --column both choose the values; give one");
        }
        ColumnRef value = field != null ? ColumnRef.parse(field) : column;
        if (value == null) {
            throw usageError("--group-by needs the column of the values: add --column NAME|POSITION");
        }
        List<ColumnRef> keys = new java.util.ArrayList<>(groupBy == null ? List.of() : parseColumns(groupBy, "--group-by"));
        if (seriesColumn != null && seriesInKey) {
            keys.add(parseColumns(seriesColumn, "--series-column").get(0));
        }
        List<ColumnRef> values = new java.util.ArrayList<>(List.of(value));
        if (seriesColumn != null && !seriesInKey) {
            // score: the series column is read as text below, through a second key
            keys.add(parseColumns(seriesColumn, "--series-column").get(0));
        }
        return Grouped.read(file, keys, values);
    }

    private List<ColumnRef> parseColumns(String text, String option) {
        try {
            List<ColumnRef> refs = Grouped.columns(text);
            if (option.equals("--series-column") && refs.size() != 1) {
                throw new IllegalArgumentException("give one column");
            }
            return refs;
        } catch (IllegalArgumentException e) {
            throw usageError(option + " " + text + ": " + e.getMessage());
        }
    }

    CsvColumns readValues() {
        if (field != null && column != null) {
            throw usageError("--field and --column both choose the values; give one");
        }
        if (format == null || format == LogFormat.CSV) {
            ColumnRef chosen = field != null ? ColumnRef.parse(field) : column;
            return CsvInput.read(file, path -> chosen == null
                    ? CsvColumnReader.readAll(path, 1, "choose one with --column NAME|POSITION")
                    : CsvColumnReader.read(path, List.of(chosen)));
        }
        if (column != null) {
            throw usageError("--format " + format + " reads --field NAME; --column is for CSV");
        }
        return LogInput.values(file, format, field);
    }

    /** The JSON fields that end the object of every series command: the mode and its checks. */
    static void putChecks(ObjectNode node, Stationarity stationarity) {
        node.put("mode", stationarity.mode().name());
        ArrayNode array = node.putArray("checks");
        for (CheckResult check : stationarity.checks()) {
            ObjectNode item = array.addObject();
            item.put("name", check.name());
            item.put("passed", check.passed());
            Json.putNumber(item, "statistic", check.statistic());
            Json.putNumber(item, "p_value", check.pValue());
            item.put("description", check.description());
        }
    }

    /** The summary lines that follow the result of every series command: the values read, the checks. */
    static void describeValues(int values, int droppedNaN, CsvColumns data, Stationarity stationarity,
                               List<String> lines) {
        lines.add("values: " + values + " used, " + droppedNaN + " NaN dropped (" + data.file() + ")");
        lines.add("stationary: " + (stationarity.stationary() ? "yes" : "NO") + " (" + stationarity.mode()
                + " checks)");
        for (CheckResult check : stationarity.checks()) {
            lines.add("  [" + (check.passed() ? "pass" : "FAIL") + "] " + check.name() + ": " + check.description());
        }
    }
}
