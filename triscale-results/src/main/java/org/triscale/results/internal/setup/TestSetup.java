package org.triscale.results.internal.setup;

import org.triscale.engine.analysis.ConvergenceSpec;

import java.util.List;
import java.util.Optional;

/**
 * The validated annotations of one test method: how many runs and series, which metrics, KPIs and
 * scores.
 *
 * @param id          which test method
 * @param runs        {@code @Runs}, resolved
 * @param series      {@code @Series}, resolved (one series without it)
 * @param convergence the convergence test, when required
 * @param metrics     the metrics, in declaration order
 * @param kpis        the KPIs, in declaration order
 * @param scores      the variability scores, in declaration order
 * @param settings    configuration parameters in force
 * @param gate        the regression gate ({@code @Baseline}), when present
 */
public record TestSetup(TestId id, RunsSetup runs, SeriesSetup series, Optional<ConvergenceSpec> convergence,
                        Metrics metrics, List<KpiSpec> kpis, List<ScoreSpec> scores, Settings settings,
                        Optional<GateSpec> gate) {

    /**
     * Which test method.
     *
     * @param testClass  fully qualified name of the test class
     * @param testMethod the method's name
     * @param testName   {@code SimpleClass.method}, for messages; {@code SimpleClass.method[cell]} in a cell
     * @param cell       the grid cell the method runs in (the enclosing {@code @ParameterizedClass}
     *                   invocations' names), empty outside a grid
     * @param reference  the grid's reference cell as {@code @GridReference} names it ({@code competitor=none}),
     *                   empty for the default (the grid's first cell)
     */
    public record TestId(String testClass, String testMethod, String testName, String cell, String reference) {

        /** Checks the parts; a null cell is no cell, a null reference the default one. */
        public TestId {
            cell = cell == null ? "" : cell;
            reference = reference == null ? "" : reference;
        }

        /** A method in a cell of a grid whose first cell is the reference. */
        public TestId(String testClass, String testMethod, String testName, String cell) {
            this(testClass, testMethod, testName, cell, "");
        }

        /** A method outside any grid cell. */
        public TestId(String testClass, String testMethod, String testName) {
            this(testClass, testMethod, testName, "", "");
        }

        /**
         * The method and its cell, {@code method[cell]} ({@code method} outside a grid): what the
         * result, baseline, history and report files of this test are named after.
         */
        public String key() {
            return key(testMethod, cell);
        }

        /**
         * The name of a method's files in a cell.
         *
         * @param testMethod the method's name
         * @param cell       the cell's name, empty or null for none
         * @return {@code method[cell]}, or {@code method} without a cell
         */
        public static String key(String testMethod, String cell) {
            return cell == null || cell.isEmpty() ? testMethod : testMethod + "[" + cell + "]";
        }
    }

    /**
     * {@code @Runs}, resolved.
     *
     * @param kpiPercentile {@code @Runs(kpiPercentile)}
     * @param kpiConfidence {@code @Runs(kpiConfidence)}
     * @param robustness    {@code @Runs(robustness)}
     * @param perSeries     number of runs in each series; the most runs per series when adaptive
     * @param sized         minimal runs per series for {@code kpiPercentile}, {@code kpiConfidence} and every KPI
     * @param adaptive      {@code @Runs(adaptive)}: a series stops when its KPIs are decided
     * @param precision     {@code @Runs(precision)}, NaN for none
     */
    public record RunsSetup(double kpiPercentile, double kpiConfidence, int robustness, int perSeries, int sized,
                            boolean adaptive, double precision) {

        /** Fixed runs: {@code perSeries} runs in every series. */
        public RunsSetup(double kpiPercentile, double kpiConfidence, int robustness, int perSeries, int sized) {
            this(kpiPercentile, kpiConfidence, robustness, perSeries, sized, false, Double.NaN);
        }
    }

    /**
     * {@code @Series}, resolved.
     *
     * @param count           number of series; the most series ({@code maxCount}) when adaptive
     * @param scorePercentile {@code @Series(scorePercentile)}, 75 without it
     * @param scoreConfidence {@code @Series(scoreConfidence)}, 75 without it
     * @param adaptive        {@code @Series(adaptive)}: the sequel stops when its scores are decided
     * @param sized           the fewest series of an adaptive sequel: the most any score is sized for
     */
    public record SeriesSetup(int count, double scorePercentile, double scoreConfidence, boolean adaptive,
                              int sized) {

        /** A fixed number of series. */
        public SeriesSetup(int count, double scorePercentile, double scoreConfidence) {
            this(count, scorePercentile, scoreConfidence, false, count);
        }
    }

    public TestSetup {
        kpis = List.copyOf(kpis);
        scores = List.copyOf(scores);
    }

    /** Fully qualified name of the test class. */
    public String testClass() {
        return id.testClass();
    }

    /** The test method's name. */
    public String testMethod() {
        return id.testMethod();
    }

    /** {@code SimpleClass.method} ({@code SimpleClass.method[cell]} in a grid cell), for messages. */
    public String testName() {
        return id.testName();
    }

    /** The grid cell the method runs in, empty outside a grid. */
    public String cell() {
        return id.cell();
    }

    /** {@code method[cell]}, or the method's name outside a grid: what the test's files are named after. */
    public String testKey() {
        return id.key();
    }

    /** Number of runs in each series; the most runs per series ({@code maxCount}) when adaptive. */
    public int runsPerSeries() {
        return runs.perSeries();
    }

    /** Number of series; the most series ({@code maxCount}) when the series are adaptive. */
    public int seriesCount() {
        return series.count();
    }

    /** Whether the sequel stops when its variability scores are decided ({@code @Series(adaptive = true)}). */
    public boolean adaptiveSeries() {
        return series.adaptive();
    }

    /** Whether a series stops when its KPIs are decided ({@code @Runs(adaptive = true)}). */
    public boolean adaptive() {
        return runs.adaptive();
    }

    /** Total number of runs over all series; the most when adaptive. */
    public int totalRuns() {
        return seriesCount() * runsPerSeries();
    }

    /** The metric with this name, or {@code null}. */
    public MetricSpec metric(String name) {
        return metrics.find(name).orElse(null);
    }

    /** The declared metric names, comma-separated, for messages. */
    public String metricNames() {
        return metrics.isEmpty() ? "(none: add @Metric)" : metrics.names();
    }
}
