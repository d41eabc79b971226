package org.triscale.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.RunMetrics;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Where the CPU of one cold {@code triscale metric} goes: the process CPU time (all threads, user
 * and system) before the CSV is read, while it is read, and while the metric with its convergence
 * test (P95, 95 % / 5 %, bounds 0–100) is computed. A plain program rather than JMH, because the
 * cold first call (JIT compilation, page faults on fresh memory) is what the command line pays.
 * Usage: {@code java [JVM options] -cp benchmarks/target/benchmarks.jar
 * org.triscale.benchmarks.MetricPhases FILE.csv}.
 */
public final class MetricPhases {
    private MetricPhases() {
    }

    /**
     * Reads the file, computes the metric and prints the CPU and wall time of each phase.
     *
     * @param args the CSV file of x,y rows
     */
    public static void main(String[] args) {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long startCpu = os.getProcessCpuTime();
        long startWall = System.nanoTime();
        CsvColumns data = CsvColumnReader.readAll(Path.of(args[0]), 2, "give a file of two columns x,y");
        long readCpu = os.getProcessCpuTime();
        long readWall = System.nanoTime();
        RunMetric metric = RunMetrics.compute(data.column(0), data.column(1), Measure.percentile(95),
                new ValueRange(0, 100), ConvergenceSpec.DEFAULT);
        long metricCpu = os.getProcessCpuTime();
        long metricWall = System.nanoTime();
        System.out.printf("start %.2f s CPU; read %.2f s CPU (%.2f s wall); metric %.2f s CPU (%.2f s wall); "
                        + "P95 %s%n", startCpu / 1e9, (readCpu - startCpu) / 1e9, (readWall - startWall) / 1e9,
                (metricCpu - readCpu) / 1e9, (metricWall - readWall) / 1e9, metric.value());
    }
}
