package org.triscale.cli;

import org.triscale.cli.csv.CsvColumns;
import org.triscale.cli.csv.CsvDataException;
import org.triscale.testbed.LogFormat;
import org.triscale.testbed.LogReading;
import org.triscale.testbed.MalformedLogException;
import org.triscale.testbed.Samples;

import java.nio.file.Path;
import java.util.List;

/** The commands' input from a test-bed log ({@code --format} other than csv): one field as columns. */
final class LogInput {
    private LogInput() {
    }

    /**
     * A field read from a log: the columns the commands read, and the reading they come from.
     *
     * @param data    the columns
     * @param reading where the values come from and the tool's own rule for the mean
     */
    record Read(CsvColumns data, LogReading reading) {
    }

    /** The x and y of a field's samples, as the two columns {@code metric} reads. */
    static Read samples(Path file, LogFormat format, String field, String xField) {
        LogReading reading = read(file, format, field, xField);
        Samples samples = reading.samples();
        return new Read(new CsvColumns(file, true, List.of("x", samples.name()), List.of(withDropped(samples.x(),
                samples), withDropped(samples.y(), samples)), samples.size() + samples.dropped()), reading);
    }

    /**
     * The column with a NaN for each row the parser dropped (the field missing or empty in a JSON
     * line or CSV row): the commands then count them as rows with NaN dropped, as for CSV input.
     */
    private static double[] withDropped(double[] column, Samples samples) {
        double[] all = java.util.Arrays.copyOf(column, column.length + samples.dropped());
        java.util.Arrays.fill(all, column.length, all.length, Double.NaN);
        return all;
    }

    /** A field's values, as the one column {@code kpi} and {@code score} read. */
    static CsvColumns values(Path file, LogFormat format, String field) {
        Samples samples = read(file, format, field, null).samples();
        return new CsvColumns(file, true, List.of(samples.name()), List.of(withDropped(samples.y(), samples)),
                samples.size() + samples.dropped());
    }

    private static LogReading read(Path file, LogFormat format, String field, String xField) {
        if (field == null) {
            throw new IllegalArgumentException("--format " + format + " needs --field NAME"
                    + (format.fields().isEmpty() ? "" : ", one of " + String.join(", ", format.fields())));
        }
        if (!format.fields().isEmpty() && !format.fields().contains(field)) {
            throw new TriscaleCommand.UsageException("--field " + field + " is not a field of --format " + format
                    + "; use one of " + String.join(", ", format.fields()));
        }
        LogReading reading;
        try {
            reading = format.reading(file, field, xField);
        } catch (MalformedLogException e) {
            throw new CsvDataException(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // the file has no such series or column: the option names something the input lacks
            throw new TriscaleCommand.UsageException("--field " + field + ": " + e.getMessage());
        }
        if (reading.samples().size() == 0) {
            throw new CsvDataException(file + " has no sample of " + field
                    + (reading.samples().dropped() > 0 ? " (" + reading.samples().dropped() + " rows without it)" : ""));
        }
        return reading;
    }
}
