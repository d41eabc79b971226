package org.triscale.junit.sequel;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.comparison.SequelComparison;
import org.triscale.junit.internal.lifecycle.ComparisonShards;
import org.triscale.junit.internal.lifecycle.Seeds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A sequel's run metrics, series by series, with the seed of every run, and its analysis: the
 * KPIs of every series (with their stationarity checks), the variability score across series,
 * and the comparison with another sequel. Built by running a body from a plain {@code @Test}
 * ({@link #run}) or from run metrics measured elsewhere ({@link #of}); immutable.
 *
 * <p>Everything is computed by the engine, as the verdict of a {@code @Runs} test computes it:
 * KPIs by {@link Kpis}, scores by {@link VariabilityScores}, comparisons by
 * {@link SequelComparison}. NaN marks an invalid run (a run that did not record the metric).
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class Sequel {

    private final String name;
    private final Map<String, double[][]> runMetrics;
    private final long[][] seeds;
    /** Shared by the two sequels of one {@link #interleave} launch, null otherwise. */
    private final Object interleaving;

    private Sequel(String name, Map<String, double[][]> runMetrics, long[][] seeds, Object interleaving) {
        this.name = name;
        this.runMetrics = runMetrics;
        this.seeds = seeds;
        this.interleaving = interleaving;
    }

    /**
     * One run of {@link #run}: its position, its seed, and where it records its metrics.
     */
    public static final class Run {
        private final int series;
        private final int index;
        private final long seed;
        private final Map<String, Double> values = new LinkedHashMap<>();
        /** Set when the body returned: the sequel is built from what was recorded until then. */
        private boolean ended;
        private String sequelName;

        Run(int series, int index, long seed) {
            this.series = series;
            this.index = index;
            this.seed = seed;
        }

        /** The series of this run, from 0. */
        public int series() {
            return series;
        }

        /** The run within its series, from 0. */
        public int index() {
            return index;
        }

        /**
         * The run's seed: the same base seed gives the same seed to the same series and run, so two
         * sequels run with one base seed are compared paired (common random numbers).
         */
        public long seed() {
            return seed;
        }

        /**
         * Records the run's value of a metric (its run metric).
         *
         * @param metric the metric's name, not blank
         * @param value  the value, finite or NaN (an invalid run)
         * @throws IllegalArgumentException if the name is blank, the value infinite, or the metric
         *                                  already recorded in this run
         * @throws IllegalStateException    if the run's body has returned: the sequel holds what was
         *                                  recorded until then, and a later value would be lost
         */
        public void record(String metric, double value) {
            if (ended) {
                throw new IllegalStateException("record(\"" + metric + "\", " + value + ") on run " + index + " of series "
                        + series + " of sequel '" + sequelName + "' after its body returned: the sequel was built from"
                        + " what the body recorded, so this value would be lost. Record in the body, with the Run it is"
                        + " given, and keep no Run for later");
            }
            checkName(metric);
            if (Double.isInfinite(value)) {
                throw new IllegalArgumentException("value of metric '" + metric + "' must be finite or NaN (an invalid"
                        + " run), got " + value);
            }
            if (values.putIfAbsent(metric, value) != null) {
                throw new IllegalArgumentException("metric '" + metric + "' was already recorded in run " + index
                        + " of series " + series + "; record each metric once per run");
            }
        }
    }

    /** Ends a run when its body returned (or threw): later records are refused. */
    private static void endRun(Run run, String sequelName) {
        run.ended = true;
        run.sequelName = sequelName;
    }

    /** The body of one run of {@link #run}. */
    @FunctionalInterface
    public interface RunBody {
        /**
         * Runs once and records the run's metrics.
         *
         * @param run the run's seed and recorder
         * @throws Exception anything the body throws ends the sequel and is rethrown
         */
        void run(Run run) throws Exception;
    }

    /**
     * Runs a body {@code series × runs} times, series after series, and keeps what each run
     * recorded. A metric a run did not record is NaN (invalid) in that run.
     *
     * @param name     the sequel's name in messages, e.g. {@code "CUBIC beside Prague"}
     * @param series   number of series, ≥ 1
     * @param runs     runs per series, ≥ 1
     * @param baseSeed seed from which every run's seed is derived (by series and run)
     * @param body     what one run does
     * @return the sequel
     * @throws Exception whatever the body throws
     */
    public static Sequel run(String name, int series, int runs, long baseSeed, RunBody body) throws Exception {
        checkName(name);
        checkShape(series, runs);
        Arguments.notNull("body", body);
        ComparisonShards.here(); // under triscale.shard, one shard runs it
        List<Run> done = new ArrayList<>();
        long[][] seeds = seeds(series, runs, baseSeed);
        for (int s = 0; s < series; s++) {
            for (int r = 0; r < runs; r++) {
                Run run = new Run(s, r, seeds[s][r]);
                try {
                    body.run(run);
                } finally {
                    endRun(run, name);
                }
                done.add(run);
            }
        }
        return collect(name, series, runs, seeds, done, null);
    }

    /**
     * Runs a reference and a candidate interleaved, pair by pair, in one launch: for every series
     * and run, both bodies run back to back on the same seed, in an order drawn by a seeded fair
     * coin (randomised multiple interleaved trials, Abedi &amp; Brecht 2017). Drift of the test
     * bed, effects of the day or of a series, and noise carried from run to run then fall on both
     * members of a pair alike or, through the random order, on either with equal chance, so the
     * per-run comparison stays exact on a real test bed ({@link InterleavedSequels#compare},
     * {@link SequelComparison#interleaved}). Use it when one test can run both, e.g. two CCAs, or
     * the released and the changed implementation selected by a parameter.
     *
     * @param referenceName the reference's name in messages, e.g. {@code "CUBIC"}
     * @param candidateName the candidate's name in messages, e.g. {@code "CUBIC with the patch"}
     * @param series        number of series, ≥ 1
     * @param runs          runs per series (pairs), ≥ 1
     * @param baseSeed      seed from which every pair's seed and order are derived
     * @param reference     what one run of the reference does
     * @param candidate     what one run of the candidate does
     * @return both sequels, with the order of every pair
     * @throws Exception whatever a body throws
     * @since 0.3.0
     */
    public static InterleavedSequels interleave(String referenceName, String candidateName, int series, int runs,
                                                long baseSeed, RunBody reference, RunBody candidate)
            throws Exception {
        checkName(referenceName);
        checkName(candidateName);
        if (referenceName.equals(candidateName)) {
            throw new IllegalArgumentException("the reference and the candidate are both named '" + referenceName
                    + "'; give them distinct names, as messages name both");
        }
        checkShape(series, runs);
        ComparisonShards.here(); // under triscale.shard, one shard runs it
        Arguments.notNull("reference", reference);
        Arguments.notNull("candidate", candidate);
        long[][] seeds = seeds(series, runs, baseSeed);
        boolean[][] referenceFirst = new boolean[series][runs];
        List<Run> referenceRuns = new ArrayList<>();
        List<Run> candidateRuns = new ArrayList<>();
        for (int s = 0; s < series; s++) {
            for (int r = 0; r < runs; r++) {
                referenceFirst[s][r] = Seeds.referenceFirst(baseSeed, s, r);
                Run referenceRun = new Run(s, r, seeds[s][r]);
                Run candidateRun = new Run(s, r, seeds[s][r]);
                try {
                    if (referenceFirst[s][r]) {
                        reference.run(referenceRun);
                        candidate.run(candidateRun);
                    } else {
                        candidate.run(candidateRun);
                        reference.run(referenceRun);
                    }
                } finally {
                    endRun(referenceRun, referenceName);
                    endRun(candidateRun, candidateName);
                }
                referenceRuns.add(referenceRun);
                candidateRuns.add(candidateRun);
            }
        }
        Object interleaving = new Object();
        return new InterleavedSequels(collect(referenceName, series, runs, seeds, referenceRuns, interleaving),
                collect(candidateName, series, runs, seeds, candidateRuns, interleaving), referenceFirst);
    }

    private static void checkShape(int series, int runs) {
        Arguments.atLeast("series", series, 1);
        Arguments.atLeast("runs", runs, 1);
        // Checked before the seeds are allocated: 10^5 × 10^5 would be 80 GB of seeds.
        if ((long) series * runs > org.triscale.results.internal.common.Limits.MAX_RUNS) {
            throw new IllegalArgumentException("series × runs = " + series + " × " + runs + " = " + (long) series * runs
                    + " is more than the " + org.triscale.results.internal.common.Limits.MAX_RUNS + " runs a sequel may"
                    + " have; run fewer series or runs");
        }
    }

    private static long[][] seeds(int series, int runs, long baseSeed) {
        long[][] seeds = new long[series][runs];
        for (int s = 0; s < series; s++) {
            for (int r = 0; r < runs; r++) {
                seeds[s][r] = Seeds.sequelSeed(baseSeed, s, r);
            }
        }
        return seeds;
    }

    /** The sequel of the runs done, a metric a run did not record NaN in that run. */
    private static Sequel collect(String name, int series, int runs, long[][] seeds, List<Run> done,
                                  Object interleaving) {
        Map<String, double[][]> metrics = new LinkedHashMap<>();
        for (Run run : done) {
            for (String metric : run.values.keySet()) {
                metrics.computeIfAbsent(metric, m -> {
                    double[][] values = new double[series][runs];
                    for (double[] row : values) {
                        Arrays.fill(row, Double.NaN);
                    }
                    return values;
                })[run.series][run.index] = run.values.get(metric);
            }
        }
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("sequel '" + name + "' recorded no metric in " + done.size()
                    + " runs; call run.record(metric, value) in the body");
        }
        return new Sequel(name, metrics, seeds, interleaving);
    }

    /**
     * A sequel from run metrics measured elsewhere.
     *
     * @param name       the sequel's name in messages
     * @param runMetrics per metric, its run metrics: one array per series, one value per run, NaN
     *                   for an invalid run; every metric of the same shape
     * @param seeds      the seed of every run, of the same shape, or {@code null} when unknown (the
     *                   sequel is then compared unpaired)
     * @return the sequel
     * @throws IllegalArgumentException if a metric is empty, holds an infinity, or the shapes differ
     */
    public static Sequel of(String name, Map<String, double[][]> runMetrics, long[][] seeds) {
        checkName(name);
        Arguments.notNull("runMetrics", runMetrics);
        if (runMetrics.isEmpty()) {
            throw new IllegalArgumentException("runMetrics must hold at least one metric, got none");
        }
        Map<String, double[][]> copy = new LinkedHashMap<>();
        int[] shape = null;
        for (Map.Entry<String, double[][]> entry : runMetrics.entrySet()) {
            checkName(entry.getKey());
            double[][] values = Arguments.notNull("runMetrics of " + entry.getKey(), entry.getValue());
            int[] lengths = new int[values.length];
            double[][] copied = new double[values.length][];
            for (int s = 0; s < values.length; s++) {
                copied[s] = Arguments.samples(entry.getKey() + "[" + s + "]", values[s]).clone();
                lengths[s] = copied[s].length;
            }
            if (values.length == 0) {
                throw new IllegalArgumentException("metric '" + entry.getKey() + "' has no series; give one array"
                        + " of run metrics per series");
            }
            for (int s = 0; s < values.length; s++) {
                if (lengths[s] == 0) {
                    throw new IllegalArgumentException("metric '" + entry.getKey() + "': series " + s + " is empty (no"
                            + " run); every series needs at least one run metric (NaN for an invalid run), so leave"
                            + " out a series that did not run");
                }
            }
            if (shape != null && !Arrays.equals(shape, lengths)) {
                throw new IllegalArgumentException("metric '" + entry.getKey() + "' has series of " + Arrays.toString(
                        lengths) + " runs, another metric " + Arrays.toString(shape) + "; every metric needs a value"
                        + " (NaN if invalid) in every run");
            }
            shape = lengths;
            copy.put(entry.getKey(), copied);
        }
        long[][] seedCopy = null;
        if (seeds != null) {
            seedCopy = new long[seeds.length][];
            int[] lengths = new int[seeds.length];
            for (int s = 0; s < seeds.length; s++) {
                seedCopy[s] = Arguments.notNull("seeds[" + s + "]", seeds[s]).clone();
                lengths[s] = seedCopy[s].length;
            }
            if (!Arrays.equals(shape, lengths)) {
                throw new IllegalArgumentException("seeds has series of " + Arrays.toString(lengths)
                        + " runs, the run metrics " + Arrays.toString(shape) + "; give one seed per run, or null");
            }
        }
        return new Sequel(name, copy, seedCopy, null);
    }

    /** The sequel's name in messages. */
    public String name() {
        return name;
    }

    /** The metrics recorded, in the order first recorded. */
    public Set<String> metrics() {
        return runMetrics.keySet();
    }

    /** Number of series. */
    public int seriesCount() {
        return runMetrics.values().iterator().next().length;
    }

    /**
     * The run metrics of a metric, one array per series (a copy).
     *
     * @param metric a recorded metric
     * @return the values, NaN for invalid runs
     * @throws IllegalArgumentException if the metric was not recorded
     */
    public double[][] runMetrics(String metric) {
        double[][] values = values(metric);
        double[][] copy = new double[values.length][];
        for (int s = 0; s < values.length; s++) {
            copy[s] = values[s].clone();
        }
        return copy;
    }

    /** The seed of every run, one array per series (a copy); empty when unknown. */
    public Optional<long[][]> seeds() {
        if (seeds == null) {
            return Optional.empty();
        }
        long[][] copy = new long[seeds.length][];
        for (int s = 0; s < seeds.length; s++) {
            copy[s] = seeds[s].clone();
        }
        return Optional.of(copy);
    }

    /**
     * Whether this sequel ran the same seeds as another, run by run: then they are compared paired.
     *
     * @param other the other sequel
     * @return {@code true} when both know their seeds and the seeds are equal
     */
    public boolean sameSeedsAs(Sequel other) {
        return seeds != null && other.seeds != null && Arrays.deepEquals(seeds, other.seeds);
    }

    /**
     * The KPI of every series, the side following the percentile (upper above 50, lower below; the
     * median is bounded from above).
     *
     * @param metric a recorded metric
     * @param kpi    which percentile, at which confidence
     * @return one KPI per series, in series order, each with its stationarity checks (SOUND mode)
     */
    public List<KpiResult> kpis(String metric, Percentile kpi) {
        return kpis(metric, kpi, kpi.percentile() < 50 ? Side.LOWER : Side.UPPER);
    }

    /**
     * The KPI of every series with an explicit side.
     *
     * @param metric a recorded metric
     * @param kpi    which percentile, at which confidence
     * @param side   lower or upper bound
     * @return one KPI per series, in series order
     */
    public List<KpiResult> kpis(String metric, Percentile kpi, Side side) {
        Arguments.notNull("kpi", kpi);
        Arguments.notNull("side", side);
        List<KpiResult> kpis = new ArrayList<>();
        for (double[] series : values(metric)) {
            kpis.add(Kpis.kpi(series, kpi.percentile(), kpi.confidence(), side, null, Mode.SOUND));
        }
        return List.copyOf(kpis);
    }

    /**
     * The variability score of a metric's series KPIs (TriScale's two-sided interval).
     *
     * @param metric     a recorded metric
     * @param kpi        the KPI whose series values are scored
     * @param percentile percentile of the score's pair, in (0, 100), e.g. 75 for the 25th–75th
     * @param confidence confidence in percent
     * @return the score; undefined with too few series
     */
    public VariabilityResult score(String metric, Percentile kpi, double percentile, double confidence) {
        double[] values = kpis(metric, kpi).stream().mapToDouble(KpiResult::value).toArray();
        return VariabilityScores.score(values, percentile, confidence, IntervalKind.TWO_SIDED, null, Mode.SOUND);
    }

    /**
     * Compares this sequel (the candidate) with a reference on one metric: interleaved when both
     * came from one {@link #interleave} launch, paired when both ran the same seeds, otherwise
     * unpaired on the series medians, or on the runs when either sequel has a single series. The
     * engine's {@link SequelComparison}.
     *
     * @param metric    a metric recorded by both
     * @param reference the sequel compared with
     * @param settings  direction, α, tolerance
     * @return the change and the outcome
     */
    public SequelChange compare(String metric, Sequel reference, ComparisonSettings settings) {
        Arguments.notNull("reference", reference);
        double[][] candidate = values(metric);
        double[][] ref = reference.values(metric);
        if (interleavedWith(reference)) {
            return SequelComparison.interleaved(ref, candidate, settings);
        }
        if (sameSeedsAs(reference)) {
            return SequelComparison.paired(ref, candidate, settings);
        }
        if (comparesRunsWith(reference)) {
            return SequelComparison.unpaired(RegressionGate.observations(ref, ComparisonUnit.RUNS),
                    RegressionGate.observations(candidate, ComparisonUnit.RUNS), settings);
        }
        return SequelComparison.unpaired(RegressionGate.observations(ref, ComparisonUnit.SERIES),
                RegressionGate.observations(candidate, ComparisonUnit.SERIES), settings);
    }

    /**
     * Whether this sequel and another are the two sequels of one {@link #interleave} launch.
     *
     * @param other the other sequel
     * @return {@code true} when both ran interleaved, pair by pair
     * @since 0.3.0
     */
    public boolean interleavedWith(Sequel other) {
        return interleaving != null && other != this && interleaving == other.interleaving;
    }

    /** Whether {@link #compare} with this reference compares runs (not series medians) when unpaired. */
    public boolean comparesRunsWith(Sequel reference) {
        return seriesCount() == 1 || reference.seriesCount() == 1;
    }

    @Override
    public String toString() {
        return "Sequel '" + name + "' (" + seriesCount() + " series, metrics " + metrics() + ")";
    }

    private double[][] values(String metric) {
        double[][] values = runMetrics.get(metric);
        if (values == null) {
            throw new IllegalArgumentException("sequel '" + name + "' has no metric '" + metric + "'; it recorded "
                    + metrics());
        }
        return values;
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a name must not be blank, got " + (name == null ? "null" : "'" + name
                    + "'") + "; name the sequel or metric as messages should show it");
        }
        // As the extension refuses them in metric names: they break messages, tables and file lines.
        String invalid = org.triscale.results.internal.common.Limits.invalidCharacter(name);
        if (invalid != null) {
            throw new IllegalArgumentException("the name '" + name.replaceAll("\\p{Cntrl}", "?") + "' holds the"
                    + " character " + invalid + "; names hold no control characters, U+FFFE, U+FFFF or half a"
                    + " surrogate pair");
        }
    }

}
