package org.triscale.cli;

import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
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

    CsvColumns readValues() {
        return column == null
                ? CsvColumnReader.readAll(file, 1, "choose one with --column NAME|POSITION")
                : CsvColumnReader.read(file, List.of(column));
    }
}
