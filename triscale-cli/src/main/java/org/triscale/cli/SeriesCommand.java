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
                    + "csv, jsonl; with --field (e.g. --format flowmon --field fct for one FCT per flow).")
    LogFormat format;

    @Option(names = "--field", paramLabel = "NAME",
            description = "The field whose values are read (see 'triscale metric --help'); for CSV the same as --column.")
    String field;

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
