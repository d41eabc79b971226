package org.triscale.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

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
     * Seeded i.i.d. lognormal run metrics around 1000 with a log-scale spread of 0.1 (P95 FCT-like),
     * drawn by the Box–Muller transform so that every benchmark of a series' analysis sees the same
     * values for the same seed.
     *
     * @param runs number of run metrics
     * @param seed the generator's seed
     * @return the run metrics
     */
    static double[] lognormalRunMetrics(int runs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[runs];
        for (int i = 0; i < runs; i++) {
            double u1 = 1 - random.nextDouble();
            double u2 = random.nextDouble();
            values[i] = 1000 * Math.exp(0.1 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2));
        }
        return values;
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
