package org.triscale.results.internal.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.comparison.ChangeScale;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.ToleranceSource;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.sequential.Decision;
import org.triscale.results.internal.setup.FailingChecks;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON result of one TriScale test method: everything needed to re-analyse it. Numbers that
 * are undefined (NaN) are written as {@code null}. The format is documented in
 * {@code docs/results-format.md}; {@link #SCHEMA_VERSION} changes when a field changes meaning or
 * disappears.
 *
 * <p>The times come in a named part ({@link Timing}), written as fields of this object
 * ({@code @JsonUnwrapped}) so that the JSON stays flat; {@link #startedAt()}, {@link #finishedAt()}
 * and {@link #durationNanos()} read them.
 *
 * @param schemaVersion     version of this format, {@link #SCHEMA_VERSION}
 * @param testClass         fully qualified name of the test class
 * @param testMethod        name of the test method
 * @param timing            when the test started and ended and how long its runs took, written as
 *                          the fields {@code startedAt}, {@code finishedAt} and {@code durationNanos}
 * @param parameters        the annotations' parameters and the configuration in force
 * @param runs              every run, series by series
 * @param series            every series with its KPIs
 * @param variabilityScores every variability score
 * @param verdict           the verdict
 * @param environment       where the test ran
 * @param baseline          the regression gate's comparison ({@code @Baseline}), or null without it
 */
public record TestResult(int schemaVersion, String testClass, String testMethod, @JsonUnwrapped Timing timing,
                         Parameters parameters, List<Run> runs, List<SeriesResult> series, List<Score> variabilityScores,
                         Verdict verdict, Environment environment, Gate baseline) {

    /** The current version of the format. */
    public static final int SCHEMA_VERSION = 1;

    /** A result read without any of the timing fields has them null and zero (never a null part). */
    public TestResult {
        timing = timing == null ? new Timing(null, null, 0) : timing;
    }

    /**
     * When a test started and ended, and how long its runs took.
     *
     * @param startedAt     when the first invocation was generated, ISO-8601 UTC
     * @param finishedAt    when the verdict was computed, ISO-8601 UTC
     * @param durationNanos total time of the runs' method bodies, in nanoseconds
     */
    public record Timing(String startedAt, String finishedAt, long durationNanos) {
    }

    /** @return when the first invocation was generated, ISO-8601 UTC ({@link Timing#startedAt()}) */
    public String startedAt() {
        return timing.startedAt();
    }

    /** @return when the verdict was computed, ISO-8601 UTC ({@link Timing#finishedAt()}) */
    public String finishedAt() {
        return timing.finishedAt();
    }

    /** @return total time of the runs' method bodies in ns ({@link Timing#durationNanos()}) */
    public long durationNanos() {
        return timing.durationNanos();
    }

    /**
     * Parameters of the test.
     *
     * @param mode              statistical mode, {@code SOUND} or {@code TRISCALE}
     * @param checksPolicy      {@code WARN} or {@code FAIL}
     * @param baseSeed          base seed of the run seeds
     * @param runs              {@code @Runs}
     * @param series            {@code @Series}
     * @param convergence       {@code @ConvergenceRequired}, or null when absent
     * @param metrics           the {@code @Metric} annotations
     * @param kpis              the {@code @Kpi} annotations, defaults resolved
     * @param variabilityScores the {@code @VariabilityScore} annotations, defaults resolved
     * @param cell              the grid cell the method ran in (its {@code @ParameterizedClass} invocations'
     *                          names), or null outside a grid (and in results written before cells existed)
     * @param cellParameters    the cell's parameters, name → value in the cell name's order ({@code rttMs=40,
     *                          competitor=none} gives {@code {rttMs: "40", competitor: "none"}}); null outside a
     *                          grid and in results written before it was recorded
     * @param gridReference     the grid's reference cell as the {@code @GridReference} annotation names it
     *                          ({@code competitor=none}), or null when the grid's first cell is the reference
     * @param interleaveOrder   the launch's value of the arm order of an interleaved gate, {@code 0x} and
     *                          16 hexadecimal digits ({@code triscale.interleave.order} replays it); null
     *                          when the test is not interleaved, in results written before it was recorded,
     *                          and in a merge of shards that drew different values (each partial has its own)
     */
    public record Parameters(Mode mode, FailingChecks checksPolicy, long baseSeed, RunsParameters runs,
                             SeriesParameters series, ConvergenceParameters convergence, List<MetricParameters> metrics,
                             List<KpiParameters> kpis, List<ScoreParameters> variabilityScores,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) String cell,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, String> cellParameters,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) String gridReference,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) String interleaveOrder) {

        /** Parameters without an interleaved arm order. */
        public Parameters(Mode mode, FailingChecks checksPolicy, long baseSeed, RunsParameters runs,
                          SeriesParameters series, ConvergenceParameters convergence, List<MetricParameters> metrics,
                          List<KpiParameters> kpis, List<ScoreParameters> variabilityScores, String cell,
                          java.util.Map<String, String> cellParameters, String gridReference) {
            this(mode, checksPolicy, baseSeed, runs, series, convergence, metrics, kpis, variabilityScores, cell,
                    cellParameters, gridReference, null);
        }

        /** Parameters of a test in a cell, its parameters read from the cell's name, the first cell as reference. */
        public Parameters(Mode mode, FailingChecks checksPolicy, long baseSeed, RunsParameters runs,
                          SeriesParameters series, ConvergenceParameters convergence, List<MetricParameters> metrics,
                          List<KpiParameters> kpis, List<ScoreParameters> variabilityScores, String cell) {
            this(mode, checksPolicy, baseSeed, runs, series, convergence, metrics, kpis, variabilityScores, cell,
                    cell == null || cell.isEmpty() ? null : CellParameters.parse(cell), null);
        }

        /** Parameters of a test outside any grid cell. */
        public Parameters(Mode mode, FailingChecks checksPolicy, long baseSeed, RunsParameters runs,
                          SeriesParameters series, ConvergenceParameters convergence, List<MetricParameters> metrics,
                          List<KpiParameters> kpis, List<ScoreParameters> variabilityScores) {
            this(mode, checksPolicy, baseSeed, runs, series, convergence, metrics, kpis, variabilityScores, null);
        }
    }

    /**
     * {@code method[cell]}, or the method's name outside a grid: what the result's files are named after.
     *
     * @return the key of this test
     */
    public String testKey() {
        return org.triscale.results.internal.setup.TestSetup.TestId.key(testMethod,
                parameters == null ? null : parameters.cell());
    }

    /**
     * {@code @Runs}.
     *
     * @param percentile   percentile the runs are sized for
     * @param confidence   confidence in percent
     * @param robustness   extreme runs a KPI may ignore
     * @param count        runs per series actually executed (adaptive: the most any series executed)
     * @param sizedMinimum minimal runs per series for percentile, confidence and robustness
     * @param adaptive     whether each series stopped when its KPIs were decided ({@code @Runs(adaptive)})
     * @param maxCount     the most runs per series of an adaptive test, else null
     * @param precision    the precision target of an adaptive test, or null
     */
    public record RunsParameters(double percentile, double confidence, int robustness, int count, int sizedMinimum,
                                 boolean adaptive, Integer maxCount, Double precision) {

        /** The parameters of fixed runs. */
        public RunsParameters(double percentile, double confidence, int robustness, int count, int sizedMinimum) {
            this(percentile, confidence, robustness, count, sizedMinimum, false, null, null);
        }
    }

    /**
     * {@code @Series}.
     *
     * @param count      number of series (that ran, for adaptive series)
     * @param percentile percentile the series are sized for
     * @param confidence confidence in percent
     * @param adaptive   {@code true} for adaptive series ({@code @Series(adaptive = true)}), else null
     * @param maxCount   the most series of adaptive series, else null
     * @param stopReason why adaptive series stopped, written {@code decided} or {@code maxCount}; else null
     */
    public record SeriesParameters(int count, double percentile, double confidence, Boolean adaptive,
                                   Integer maxCount, StopReason stopReason) {

        /** A fixed number of series. */
        public SeriesParameters(int count, double percentile, double confidence) {
            this(count, percentile, confidence, null, null, null);
        }
    }

    /**
     * {@code @ConvergenceRequired}.
     *
     * @param confidence confidence of the slope interval in percent
     * @param tolerance  tolerance on the normalised slope in percent
     */
    public record ConvergenceParameters(double confidence, double tolerance) {
    }

    /**
     * {@code @Metric}.
     *
     * @param name                the metric's name
     * @param measure             how a run's samples are summarised, written as {@code P95}, {@code mean},
     *                            {@code minimum} or {@code maximum}
     * @param unit                unit, possibly empty
     * @param bounds              {@code [min, max]}, or null
     * @param convergenceRequired whether its samples must converge
     * @param xUnit               unit of the x of recorded samples; null in results written before it existed
     */
    public record MetricParameters(String name,
                                   @JsonSerialize(using = ToStringSerializer.class)
                                   @JsonDeserialize(converter = MeasureText.class) Measure measure, String unit,
                                   List<Double> bounds, boolean convergenceRequired, String xUnit) {

        /** Parameters with the default x unit, seconds. */
        public MetricParameters(String name, Measure measure, String unit, List<Double> bounds,
                                boolean convergenceRequired) {
            this(name, measure, unit, bounds, convergenceRequired, "s");
        }
    }

    /**
     * {@code @Kpi}.
     *
     * @param metric     metric name
     * @param percentile percentile bounded
     * @param confidence confidence in percent
     * @param side       {@code UPPER} or {@code LOWER}
     * @param atMost     upper threshold or null
     * @param atLeast    lower threshold or null
     */
    public record KpiParameters(String metric, double percentile, double confidence, Side side, Double atMost,
                                Double atLeast) {
    }

    /**
     * {@code @VariabilityScore}. Its definition is written as its own fields (unwrapped).
     *
     * @param definition     which score
     * @param atMost         threshold on the score or null
     * @param relativeAtMost threshold on the relative score (a fraction) or null
     */
    public record ScoreParameters(@JsonUnwrapped ScoreDefinition definition, Double atMost, Double relativeAtMost) {
    }

    /**
     * Which variability score.
     *
     * @param metric        metric name
     * @param kpiPercentile percentile of the KPI whose series values are scored
     * @param percentile    percentile of the pair
     * @param confidence    confidence in percent
     * @param kind          {@code TWO_SIDED} (TriScale's interval)
     */
    public record ScoreDefinition(String metric, double kpiPercentile, double percentile, double confidence,
                                  IntervalKind kind) {
    }

    /**
     * One run.
     *
     * @param series        series number, from 1
     * @param run           run number within the series, from 1
     * @param seed          the run's seed
     * @param status        {@code PASSED}, {@code FAILED}, {@code NOT_CONVERGED}, {@code ABORTED} or {@code NOT_RUN}
     * @param durationNanos time of the method body in nanoseconds
     * @param message       why it failed or was excluded, empty otherwise
     * @param metrics       its metrics
     * @param notes         the run's notes ({@code RunContext.note}) by name; omitted when empty
     */
    public record Run(int series, int run, long seed, RunStatus status, long durationNanos, String message,
                      List<MetricResult> metrics, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> notes) {
        /** A result written before notes existed reads as a run without notes. */
        public Run {
            notes = notes == null ? Map.of() : notes;
        }
    }

    /**
     * One metric of one run.
     *
     * @param metric      metric name
     * @param value       the metric, or null when undefined
     * @param valid       whether it is defined
     * @param samples     samples used
     * @param droppedNaN  samples dropped because x or y was NaN
     * @param reported    whether the test reported the value instead of recording samples
     * @param convergence the convergence test, or null when none ran
     * @param sampleSummary a bounded summary of the recorded samples for drawing, or null when the value
     *                    was reported, no sample was recorded or the samples are weighted
     * @param effectiveSampleSize Kish's effective sample size {@code (Σw)² / Σw²} of weighted
     *                    (importance-sampled) samples, or null for unweighted ones
     */
    public record MetricResult(String metric, Double value, boolean valid, int samples, int droppedNaN, boolean reported,
                            Convergence convergence, SampleSummary sampleSummary, Double effectiveSampleSize) {
    }

    /**
     * A bounded, deterministic summary of one run's samples of one metric, kept so that a report
     * can draw the run without the samples (see {@link SampleSummaries}).
     *
     * @param count     samples summarised (NaN dropped)
     * @param explicitX whether the samples were recorded with x values (e.g. times); otherwise x is
     *                  the sample's position from 0
     * @param x         abscissae of the kept points, in recording order, at most
     *                  {@link SampleSummaries#MAX_POINTS}; single precision
     * @param y         values of the kept points; single precision
     * @param quantiles the samples' quantiles at 0, 1, ..., 100 % (nearest rank), for the
     *                  distribution (e.g. of flow completion times); single precision
     * @param trendX    for a convergence test, the x range mapped onto [−1, 1] (the first and last
     *                  window position), else null
     * @param trendY    for a convergence test, the y range mapped onto [−1, 1] (the metric's bounds,
     *                  or the samples' minimum and maximum), else null
     */
    public record SampleSummary(int count, boolean explicitX, List<Float> x, List<Float> y, List<Float> quantiles,
                                List<Double> trendX, List<Double> trendY) {
    }

    /**
     * A convergence test (Theil–Sen on data normalised to [−1, 1]).
     *
     * @param converged  whether the slope interval lies within ± tolerance
     * @param slope      normalised slope
     * @param lowSlope   lower end of its interval
     * @param highSlope  upper end of its interval
     * @param confidence confidence of the interval in percent
     * @param tolerance  tolerance in percent
     * @param points     points tested
     * @param intercept  intercept of the normalised Theil–Sen line, or null
     */
    public record Convergence(boolean converged, Double slope, Double lowSlope, Double highSlope, double confidence,
                              double tolerance, int points, Double intercept) {
    }

    /**
     * One series.
     *
     * @param series    series number, from 1
     * @param validRuns runs whose metrics entered the KPIs
     * @param kpis      its KPIs
     * @param stopRun   adaptive test: the series' last run, else null
     * @param stopReason adaptive test: written {@code "decided"} (every KPI decided), {@code "precision"}
     *                  (every KPI decided or precise enough) or {@code "maxCount"}, else null
     * @param sequential adaptive test: the anytime-valid KPIs at the stopping run, in KPI order, else null
     */
    public record SeriesResult(int series, int validRuns, List<SeriesKpi> kpis, Integer stopRun, StopReason stopReason,
                         List<SequentialBound> sequential) {

        /** A series of fixed runs. */
        public SeriesResult(int series, int validRuns, List<SeriesKpi> kpis) {
            this(series, validRuns, kpis, null, null, null);
        }
    }

    /**
     * The anytime-valid KPI of one series of an adaptive test (Howard and Ramdas 2022).
     *
     * @param metric     metric name
     * @param percentile percentile bounded
     * @param lower      lower bound at the KPI's confidence, valid at every run; null while undefined
     * @param upper      upper bound, same promise; null while undefined
     * @param relativeHalfWidth relative half-width of the precision interval; null without a
     *                   precision target or while infinite
     * @param decision   {@code PASS}, {@code FAIL} or {@code UNDECIDED}
     * @param verdict    what the KPI's verdict rests on, written {@code "sequential"}, or {@code "fixedN"}
     *                   when the series reached maxCount with this KPI undecided
     * @param runsLeft   runs predicted to be still needed at the stopping run (0 once decided or
     *                   precise), null when unknown
     * @param lastLookConfidence with verdict {@code "fixedN"}, the confidence in percent of that
     *                   fixed-N KPI (stricter than the KPI's: the last of many looks); else null
     */
    public record SequentialBound(String metric, double percentile, Double lower, Double upper, Double relativeHalfWidth,
                                Decision decision, VerdictBasis verdict, Integer runsLeft, Double lastLookConfidence) {
    }

    /**
     * The result of one {@code @Kpi} in one series: the judged KPI, named apart from the annotation.
     * Its parts are written as the KPI's own fields (unwrapped), in this order.
     *
     * @param spec         the {@code @Kpi} it evaluates
     * @param bound        the bound and how it was found
     * @param stationarity the checks of the runs' values
     * @param message      why it failed, or null when it passed
     */
    public record SeriesKpi(@JsonUnwrapped KpiParameters spec, @JsonUnwrapped KpiBound bound,
                            @JsonUnwrapped Checks stationarity, String message) {
    }

    /**
     * The bound of one KPI in one series.
     *
     * @param value      the bound, or null when undefined
     * @param defined    whether there were enough valid runs
     * @param passed     whether it is defined and meets the thresholds
     * @param values     number of run metrics used
     * @param needed     minimal number of valid runs
     * @param index      0-based index of the bound in the sorted run metrics, or null
     * @param boundRun   run whose metric is the bound, or null
     * @param lowerIndex index of the order statistic bounding from below, or null
     * @param upperIndex index of the order statistic bounding from above, or null
     */
    public record KpiBound(Double value, boolean defined, boolean passed, int values, int needed, Integer index,
                           Integer boundRun, Integer lowerIndex, Integer upperIndex) {
    }

    /**
     * The stationarity checks of the values a KPI or a score is computed from.
     *
     * @param stationary whether every check passed, or null when there were no values
     * @param checks     the checks
     */
    public record Checks(Boolean stationary, List<Check> checks) {
    }

    /**
     * A statistical check.
     *
     * @param name        e.g. {@code ljung-box}
     * @param passed      whether the data do not contradict the hypothesis
     * @param statistic   the statistic, or null
     * @param pValue      the p-value, or null
     * @param description a sentence for a report
     */
    public record Check(String name, boolean passed, Double statistic, Double pValue, String description) {
    }

    /**
     * A variability score. Its parts are written as the score's own fields (unwrapped), in this order.
     *
     * @param definition   which score: metric, percentiles, confidence and kind
     * @param seriesKpis   the series KPIs scored, in series order (null where undefined)
     * @param interval     the interval whose width is the score
     * @param stationarity the checks of the series KPIs
     * @param message      why it failed, or null
     * @param sequential   the anytime-valid score of adaptive series, else null
     */
    public record Score(@JsonUnwrapped ScoreDefinition definition, List<Double> seriesKpis,
                        @JsonUnwrapped ScoreInterval interval, @JsonUnwrapped Checks stationarity, String message,
                        SequentialScoreResult sequential) {

        /** A score of a fixed number of series. */
        public Score(ScoreDefinition definition, List<Double> seriesKpis, ScoreInterval interval, Checks stationarity,
                     String message) {
            this(definition, seriesKpis, interval, stationarity, message, null);
        }
    }

    /**
     * The anytime-valid variability score of adaptive series (Howard and Ramdas 2022 for each end).
     *
     * @param stopSeries         the series the sequel stopped at
     * @param lowLower           lower bound of the lower percentile, or null while undefined
     * @param lowUpper           upper bound of the lower percentile, or null
     * @param highLower          lower bound of the higher percentile, or null
     * @param highUpper          upper bound of the higher percentile, or null
     * @param score              {@code highUpper − lowLower}, or null
     * @param relativeScore      the score over the midpoint of its ends, or null
     * @param decision           {@code PASS}, {@code FAIL} or {@code UNDECIDED}
     * @param verdict            written {@code sequential} when the decision is the verdict, {@code fixedN}
     *                           when the sequel reached maxCount undecided and the fixed-N score judges it
     * @param lastLookConfidence the confidence of each end of that fixed-N score, else null
     */
    public record SequentialScoreResult(int stopSeries, Double lowLower, Double lowUpper, Double highLower, Double highUpper,
                                  Double score, Double relativeScore, Decision decision, VerdictBasis verdict,
                                  Double lastLookConfidence) {
    }

    /**
     * The interval of a variability score.
     *
     * @param lowerValue    lower bound, or null
     * @param upperValue    upper bound, or null
     * @param score         {@code upperValue − lowerValue}, or null
     * @param relativeScore score divided by the midpoint of the bounds, or null
     * @param lowerSeries   series whose KPI is the lower bound, or null
     * @param upperSeries   series whose KPI is the upper bound, or null
     * @param defined       whether there were enough series KPIs
     * @param passed        whether it is defined and meets the thresholds
     * @param needed        minimal number of series KPIs
     */
    public record ScoreInterval(Double lowerValue, Double upperValue, Double score, Double relativeScore,
                                Integer lowerSeries, Integer upperSeries, boolean defined, boolean passed,
                                int needed) {
    }

    /**
     * What the verdict of an anytime-valid KPI or score of an adaptive test rests on. Written as
     * {@code sequential} and {@code fixedN}, as before the type existed.
     */
    public enum VerdictBasis {
        /** The sequential decision (pass or fail) is the verdict. */
        @JsonProperty("sequential")
        SEQUENTIAL,
        /**
         * The sequel reached maxCount undecided: the fixed-N KPI or score at the last look's
         * stricter confidence judges it.
         */
        @JsonProperty("fixedN")
        FIXED_N
    }

    /** The outcome of a verdict written to a result (a verdict refusing partial data writes none). */
    public enum VerdictStatus {
        /** Every KPI, score, run and gated metric passed. */
        PASSED,
        /** Something failed; {@link Verdict#failures()} says what. */
        FAILED
    }

    /**
     * The verdict.
     *
     * @param status        {@code PASSED} or {@code FAILED} (a verdict refusing partial data writes no result)
     * @param runs          runs in the test
     * @param executedRuns  runs executed in this launch
     * @param failedRuns    runs that failed
     * @param excludedRuns  runs excluded (not converged or aborted)
     * @param failures      why it failed, one paragraph each
     * @param warnings      warnings (failing checks under the warn policy, excluded runs)
     */
    public record Verdict(VerdictStatus status, int runs, int executedRuns, int failedRuns, int excludedRuns,
                          List<String> failures, List<String> warnings) {
    }

    /**
     * Where the test ran.
     *
     * @param java        {@code java.version}
     * @param javaVendor  {@code java.vendor}
     * @param os          {@code os.name} and {@code os.version}
     * @param arch        {@code os.arch}
     * @param cpus        available processors
     * @param junit       JUnit Jupiter version, or null when unknown
     * @param triscale    this extension's version, or null when unknown
     * @param testBed     what the runs reported with {@code RunContext.testBed(key, value)} (backend, kernel,
     *                    CCAs, queues, scenario), sorted by key; empty when they reported nothing
     */
    public record Environment(String java, String javaVendor, String os, String arch, int cpus, String junit,
                              String triscale,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> testBed) {

        /** Copies the test bed's entries, sorted by key; null is none. */
        public Environment {
            testBed = testBed == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(testBed));
        }

        /** Where a test ran whose runs reported nothing about the test bed. */
        public Environment(String java, String javaVendor, String os, String arch, int cpus, String junit,
                           String triscale) {
            this(java, javaVendor, os, arch, cpus, junit, triscale, Map.of());
        }

        /**
         * The same environment with the test bed the runs reported.
         *
         * @param entries the entries
         * @return a copy holding them
         */
        public Environment withTestBed(Map<String, String> entries) {
            return new Environment(java, javaVendor, os, arch, cpus, junit, triscale, entries);
        }
    }

    /**
     * The regression gate's comparison with the baseline.
     *
     * @param file                   the baseline file
     * @param source                 what the baseline was: the file, the last K accepted sequels of the
     *                               history, or null when there was none
     * @param update                 whether the execution was asked to write the baseline
     *                               ({@code triscale.baseline.update})
     * @param written                whether it wrote the baseline file
     * @param history                the history file and its trend: the gated KPIs of the last
     *                               sequels, this one last, and their change points
     * @param fingerprintDifferences how the test bed differs from the baseline's, empty when it matches
     * @param metrics                one comparison per gated metric; empty without a baseline
     * @param notes                  what the gate reported besides failures and warnings (improved,
     *                               unchanged, what an update changed)
     */
    public record Gate(String file, String source, boolean update, boolean written, GateHistory history,
                       List<String> fingerprintDifferences, List<GateMetric> metrics, List<String> notes) {
    }

    /**
     * The history of a gated test: its file, the last sequels' gated KPIs and the change points
     * of each gated metric's KPI over them (E-divisive means, Matteson and James 2014).
     *
     * @param file         the history file the sequel was appended to
     * @param builds       the last sequels of the history, oldest first, this execution's last
     * @param changePoints the change points, metric by metric, in history order
     */
    public record GateHistory(String file, List<HistoryBuild> builds, List<HistoryChangePoint> changePoints) {

        /** Reads results written before the trend existed, whose {@code history} was the file name. */
        @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
        static GateHistory of(String file) {
            return new GateHistory(file, List.of(), List.of());
        }

        /** The canonical form, read from the JSON object. */
        @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.PROPERTIES)
        public GateHistory(@com.fasterxml.jackson.annotation.JsonProperty("file") String file,
                           @com.fasterxml.jackson.annotation.JsonProperty("builds") List<HistoryBuild> builds,
                           @com.fasterxml.jackson.annotation.JsonProperty("changePoints")
                           List<HistoryChangePoint> changePoints) {
            this.file = file;
            this.builds = builds == null ? List.of() : builds;
            this.changePoints = changePoints == null ? List.of() : changePoints;
        }
    }

    /**
     * One sequel of the history.
     *
     * @param index      1-based position in {@code builds}
     * @param recordedAt when its verdict was computed, ISO-8601 UTC
     * @param label      its version or commit when the environment recorded one, else null
     * @param verdict    {@code PASSED} or {@code FAILED}; null for this execution (not yet judged)
     * @param accepted   whether it may feed a baseline; null for this execution
     * @param current    whether it is this execution's sequel
     * @param kpis       the median series KPI of each gated metric, null where undefined
     * @param changes    the change of each gated metric against the baseline the sequel was judged
     *                   with, with its interval; empty when unknown (no baseline, or a history
     *                   line written before the changes were recorded)
     */
    public record HistoryBuild(int index, String recordedAt, String label, VerdictStatus verdict, Boolean accepted,
                               boolean current, Map<String, Double> kpis, List<HistoryChange> changes) {
        /** Reads results written before the changes were recorded (no {@code changes}: none). */
        public HistoryBuild {
            changes = changes == null ? List.of() : changes;
        }
    }

    /**
     * A sequel's change of one gated metric against its baseline, relative.
     *
     * @param metric     the gated metric
     * @param change     the estimated change, or null when undecided
     * @param lower      lower end of its interval, or null
     * @param upper      upper end of its interval, or null
     * @param confidence confidence of the interval, as a fraction, or null
     * @param outcome    the gate's outcome, e.g. {@code UNCHANGED} or {@code REGRESSED}, or null
     */
    public record HistoryChange(String metric, Double change, Double lower, Double upper, Double confidence,
                                ComparisonOutcome outcome) {
    }

    /**
     * A change point of one gated metric's KPI over the history.
     *
     * @param metric the gated metric
     * @param index  the 1-based position in {@code builds} of the first sequel after the change
     * @param change the relative change of the mean KPI between the segments it separates
     * @param pValue the permutation test's p-value
     */
    public record HistoryChangePoint(String metric, int index, double change, double pValue) {
    }

    /**
     * The comparison of one gated metric. Its three parts are written as fields of this object
     * ({@code @JsonUnwrapped}), so that the JSON stays flat.
     *
     * @param metric       metric name
     * @param direction    which way of the metric is better
     * @param outcome      regressed, improved, unchanged or inconclusive
     * @param reason       why inconclusive, or null
     * @param compared     what the unpaired design compares: series medians or runs; the paired
     *                     design compares runs
     * @param significance the counts, α and the one-sided p-values
     * @param gate         the change, its interval, the tolerance and the detectable change
     * @param kpis         TriScale's series KPIs before and after (context)
     * @param message      the sentence of the verdict
     */
    public record GateMetric(String metric, Direction direction, ComparisonOutcome outcome, String reason,
                             ComparisonUnit compared, @JsonUnwrapped GateSignificance significance,
                             GateComparison gate, @JsonUnwrapped GateKpis kpis, String message) {
    }

    /**
     * The counts and one-sided tests of one gated metric.
     *
     * @param baselineCount baseline observations: pairs (paired), series or runs (unpaired)
     * @param newCount      new observations
     * @param alpha         false-alarm rate of each one-sided test
     * @param worsePValue   p-value of "worse", or null when undecided
     * @param betterPValue  p-value of "better", or null when undecided
     */
    public record GateSignificance(int baselineCount, int newCount, double alpha, Double worsePValue,
                                   Double betterPValue) {
    }

    /**
     * TriScale's KPIs of the baseline and of the new sequel, for context: they explain a change,
     * the gate does not decide on them.
     *
     * @param oldKpi         median of the baseline's series KPIs, or null
     * @param newKpi         median of the new series KPIs, or null
     * @param change         {@code newKpi − oldKpi}, or null
     * @param relativeChange the change divided by {@code |oldKpi|}, or null
     * @param score          the baseline's variability score of its series KPIs, or null
     */
    public record GateKpis(Double oldKpi, Double newKpi, Double change, Double relativeChange, Double score) {
    }

    /**
     * The gate's estimate of a change, as fractions of the baseline (0.05 for +5 %; positive: the new
     * sequel is larger).
     *
     * @param design                  paired (runs on the baseline's seeds) or unpaired
     * @param scale                   log ratio (positive metrics) or difference
     * @param change                  the Hodges–Lehmann estimate of the change, or null
     * @param lower                   lower end of its interval, or null (undecided or unbounded)
     * @param upper                   upper end of its interval, or null
     * @param confidence              confidence of the interval, {@code 1 − 2α}
     * @param tolerance               the tolerance, or null without data
     * @param toleranceSource         where the tolerance came from
     * @param minimumDetectableChange the change in the bad direction reported as regressed with
     *                                80 % power, or null when the design cannot reach α or the
     *                                dispersion is unknown
     * @param zeros                   pairs without any change (paired)
     * @param quantity                the gated quantity in words: what {@code change} measures (e.g.
     *                                "median per-run change of fct (each run's P95)"); null in results
     *                                written before it existed
     * @param launch                  the launch-to-launch variation the interval includes; null in
     *                                results written before it existed
     */
    public record GateComparison(Design design, ChangeScale scale, Double change, Double lower, Double upper,
                                 double confidence, Double tolerance, ToleranceSource toleranceSource,
                                 Double minimumDetectableChange, int zeros, String quantity, GateLaunch launch) {

        /**
         * The tolerance's source as messages, tables and charts name it: declared, floor, limit,
         * baseline's variability score, history or launch bound.
         *
         * @return the label
         */
        @com.fasterxml.jackson.annotation.JsonIgnore
        public String toleranceSourceLabel() {
            if (toleranceSource == null) {
                return "n/a";
            }
            return switch (toleranceSource) {
                case RELATIVE, ABSOLUTE -> "declared";
                case FLOOR -> "floor";
                case LIMIT -> "limit";
                case HISTORY -> "history";
                case LAUNCH_BOUND -> "launch bound";
                case SCORE -> "baseline's variability score";
            };
        }

        /**
         * {@code ", launch variation 1.2 % (history, 12 pairs)"}, or empty without launch variation.
         *
         * @return the label
         */
        @com.fasterxml.jackson.annotation.JsonIgnore
        public String launchLabel() {
            if (launch == null || launch.source() == LaunchVariation.Source.NONE) {
                return "";
            }
            return ", launch variation " + org.triscale.results.internal.common.Format.percent(launch.perLaunch())
                    + " (" + (launch.source() == LaunchVariation.Source.HISTORY ? "history, " + launch.launches()
                    + " pairs" : "bound, history " + launch.launches() + " of " + launch.minimum() + " pairs") + ")";
        }
    }

    /**
     * The launch-to-launch variation of one gated comparison: a shift common to a launch's series
     * (another day of the test bed) that the change's interval includes.
     *
     * @param source      {@code NONE} (runs declared independent), {@code BOUND} (the configured bound,
     *                    the history being short) or {@code HISTORY} (estimated from it)
     * @param perLaunch   the standard deviation of one launch's shift, a fraction (0.02 for 2 %)
     * @param launches    pairs of consecutive accepted launches of the history the estimate used or
     *                    found
     * @param minimum     the pairs the estimate needs before it replaces the bound
     * @param launchShift the configured bound, a fraction
     */
    public record GateLaunch(LaunchVariation.Source source, double perLaunch, int launches, int minimum,
                             double launchShift) {
    }
}
