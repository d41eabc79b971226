package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.RunMetrics;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A run's metric with the convergence test (P95 of a delay series, 95 %/5 %, bounds 0–100), the
 * operation DESIGN.md budgets at 1/20 of the Python original's time for 10^6 samples.
 *
 * <p>Set {@code -p csv=FILE} to analyse the file the Python timing script wrote instead of the
 * generated series (same formula either way).
 */
public class RunMetricBenchmark extends AverageMillisecondsBenchmark {

    /** Number of samples in the run. */
    @Param({"10000", "100000", "1000000", "10000000"})
    public int samples;

    /** Optional CSV file (x,y with a header) to use instead of the generated series. */
    @Param({""})
    public String csv;

    private double[] x;
    private double[] y;
    private final Measure measure = Measure.percentile(95);
    private final ValueRange bounds = ValueRange.of(0, 100);
    private final ConvergenceSpec convergence = new ConvergenceSpec(95, 5);

    /**
     * Builds the data set.
     *
     * @throws IOException if the CSV file cannot be read
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        double[][] data = csv.isEmpty() ? BenchmarkData.delaySeries(samples) : BenchmarkData.readCsv(Path.of(csv));
        x = data[0];
        y = data[1];
    }

    /**
     * Computes the metric.
     *
     * @return the metric, so that the work is not optimised away
     */
    @Benchmark
    public RunMetric metricWithConvergence() {
        return RunMetrics.compute(x, y, measure, bounds, convergence);
    }

    /**
     * Computes the metric without convergence test (nearest-rank P95).
     *
     * @return the metric
     */
    @Benchmark
    public RunMetric metricWithoutConvergence() {
        return RunMetrics.compute(x, y, measure, bounds, null);
    }
}
