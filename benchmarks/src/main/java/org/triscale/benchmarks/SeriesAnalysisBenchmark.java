package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;


/**
 * A series' KPI with its checks over many runs: DESIGN.md budgets the analysis of 10,000 runs at
 * under 100 ms. The values are i.i.d. lognormal run metrics (P95 FCT-like).
 */
public class SeriesAnalysisBenchmark extends AverageMillisecondsBenchmark {

    /** Number of runs in the series. */
    @Param({"100", "1000", "10000"})
    public int runs;

    /** Which checks the KPI applies. */
    @Param({"SOUND", "TRISCALE"})
    public Mode mode;

    private double[] values;

    /** Builds seeded lognormal run metrics. */
    @Setup(Level.Trial)
    public void setUp() {
        values = BenchmarkData.lognormalRunMetrics(runs, 11L);
    }

    /**
     * The upper KPI of P75 at 75 % with the mode's checks.
     *
     * @return the KPI
     */
    @Benchmark
    public KpiResult kpi() {
        return Kpis.kpi(values, 75, 75, Side.UPPER, null, mode);
    }
}
