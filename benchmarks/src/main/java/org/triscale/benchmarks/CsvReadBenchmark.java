package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The command line's CSV reader on the delay series of {@link RunMetricBenchmark}, written as
 * {@code x,y} with six decimals each (the file of the end-to-end comparison in
 * docs/performance.md): scanning, parsing both columns, one range per processor from 32 MB.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class CsvReadBenchmark {

    /** Number of data rows. */
    @Param({"100000", "1000000", "10000000"})
    public int rows;

    private Path file;
    private final List<ColumnRef> columns = List.of(ColumnRef.position(1), ColumnRef.position(2));

    /**
     * Writes the file.
     *
     * @throws IOException if it cannot be written
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        file = Files.createTempFile("triscale-csv-benchmark", ".csv");
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write("x,y\n");
            for (int i = 0; i < rows; i++) {
                double frac = Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 1;
                out.write(String.format(Locale.ROOT, "%.6f,%.6f%n", i * 0.01, 40 + 20 * frac));
            }
        }
    }

    /**
     * Removes the file.
     *
     * @throws IOException if it cannot be removed
     */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    /**
     * Reads both columns.
     *
     * @return the columns, so that the work is not optimised away
     */
    @Benchmark
    public CsvColumns read() {
        return CsvColumnReader.read(file, columns);
    }
}
