package org.triscale.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Data sets shared by the engine benchmarks and the timing script of the Python original
 * ({@code benchmarks/python/time_original.py}), so that both sides measure the same input.
 */
final class BenchmarkData {
    private BenchmarkData() {
    }

    /**
     * Time stamps 10 ms apart (x, seconds) and a delay-like value (y, ms): 40 plus a deterministic
     * pseudo-random spread of up to 20, the same formula as the Python script uses.
     *
     * @param rows number of samples
     * @return {@code {x, y}}
     */
    static double[][] delaySeries(int rows) {
        double[] x = new double[rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            x[i] = i * 0.01;
            double v = Math.abs(Math.sin(i * 12.9898) * 43758.5453);
            y[i] = 40.0 + 20.0 * (v - Math.floor(v));
        }
        return new double[][] {x, y};
    }

    /**
     * Reads a two-column CSV with a header line, as written by the Python script.
     *
     * @param file the CSV file
     * @return {@code {x, y}}
     * @throws IOException if the file cannot be read
     */
    static double[][] readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        int rows = lines.size() - 1;
        double[] x = new double[rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            String line = lines.get(i + 1);
            int comma = line.indexOf(',');
            x[i] = Double.parseDouble(line.substring(0, comma));
            y[i] = Double.parseDouble(line.substring(comma + 1));
        }
        return new double[][] {x, y};
    }
}
