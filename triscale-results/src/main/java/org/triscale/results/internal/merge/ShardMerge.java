package org.triscale.results.internal.merge;

import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.TheilSenFit;
import org.triscale.results.internal.common.InterleaveOrder;
import org.triscale.results.internal.common.RunSeeds;
import org.triscale.results.internal.setup.Fingerprint;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.gate.HistoryStore;
import org.triscale.results.internal.model.StoredGate;
import org.triscale.results.internal.model.PartialResult;
import org.triscale.results.internal.model.PartialResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.Metrics;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.files.VerdictFiles;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.mapping.ResultMapper;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code triscale merge}: the verdicts of sharded sequels from the shards' partial results. Each
 * test's shards are checked to form one sequel (every shard once, the same parameters, gate, test
 * bed and TriScale version); then the runs are restored and judged by {@link Judge#decide} — the
 * code of the extension's own verdict — so that the merged KPIs and scores are those of the
 * unsharded run, double for double. Nothing is written unless every test's shards are consistent.
 */
public final class ShardMerge {
    private ShardMerge() {
    }

    /**
     * What the merge reads and writes.
     *
     * @param outputDir   folder of the merged JSON results, the merged verdicts' Surefire reports and the
     *                    gate's summary (its {@code surefire-reports} subfolder for the XML)
     * @param baselineDir folder of the default baseline files, as {@code triscale.baseline.dir}
     * @param historyDir  folder of the histories the merged sequels are appended to (and read from,
     *                    with {@code @Baseline(fromHistory)})
     * @param projectDir  the module's folder: baseline files named by {@code @Baseline(file)} are
     *                    relative to it
     * @param last        when positive, only the {@code last} most recent partial results of each
     *                    test (by their recorded time) are merged: older ones are dropped
     */
    public record Options(Path outputDir, Path baselineDir, Path historyDir, Path projectDir, int last) {
    }

    /**
     * The merge of one test.
     *
     * @param setup      the test, as the shards ran it
     * @param shards     the partial results merged, in shard order
     * @param dropped    older partial results left out by {@link Options#last()}
     * @param conclusion the verdict, or null when every run aborted itself (the verdict is skipped)
     * @param failureMessage the message of a failed verdict, as the extension would fail with it;
     *                   null when the verdict passed or was skipped
     */
    public record Merged(TestSetup setup, List<PartialResult> shards, int dropped, Judge.Conclusion conclusion,
                         String failureMessage) {
    }

    /**
     * Finds, checks and merges the partial results under some folders.
     *
     * @param folders the folders, searched with their subfolders for {@code *.partial.json}
     * @param options what to read and write
     * @return one merge per test, ordered by class and method
     * @throws IOException              if a folder cannot be listed
     * @throws IllegalArgumentException if the shards of a test do not form one sequel, naming the
     *                                  test, the shards, the files and the fix
     */
    public static List<Merged> merge(List<Path> folders, Options options) throws IOException {
        Map<String, List<Located>> tests = new TreeMap<>();
        for (Located located : read(folders)) {
            tests.computeIfAbsent(located.partial.testClass() + "." + located.partial.testKey(),
                    key -> new ArrayList<>()).add(located);
        }
        // Every test is checked and restored before anything is written: the merge is all or nothing.
        List<List<PartialResult>> checked = new ArrayList<>();
        List<RecordedSequel> states = new ArrayList<>();
        List<Integer> dropped = new ArrayList<>();
        for (List<Located> shards : tests.values()) {
            shards.sort(Comparator.comparing((Located located) -> recordedAt(located)));
            int drop = options.last() > 0 ? Math.max(0, shards.size() - options.last()) : 0;
            List<Located> kept = new ArrayList<>(shards.subList(drop, shards.size()));
            check(kept);
            kept.sort(Comparator.comparingInt(located -> located.partial.shard().index()));
            List<PartialResult> partials = kept.stream().map(Located::partial).collect(Collectors.toList());
            checked.add(partials);
            states.add(restore(partials, options));
            dropped.add(drop);
        }
        List<Merged> merged = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            RecordedSequel state = states.get(i);
            Judge.Conclusion conclusion = Judge.allRunsAborted(state) ? null
                    : VerdictFiles.write(Judge.decide(state));
            merged.add(new Merged(state.setup(), checked.get(i), dropped.get(i), conclusion,
                    conclusion == null || conclusion.passed() ? null : Judge.failureMessage(state, conclusion)));
        }
        return merged;
    }

    /** A partial result with the file it was read from. */
    private record Located(PartialResult partial, Path file) {
        String label() {
            return "shard " + partial.shard().index() + "/" + partial.shard().count() + " (" + file + ")";
        }
    }

    private static List<Located> read(List<Path> folders) throws IOException {
        List<Path> files = new ArrayList<>();
        Map<Path, Path> givenAs = new java.util.HashMap<>();
        for (Path folder : folders) {
            if (Files.isDirectory(folder)) {
                Path real = folder.toRealPath();
                Path before = givenAs.putIfAbsent(real, folder);
                if (before != null) {
                    throw new IllegalArgumentException("the same file is given twice: " + folder
                            + (before.toString().equals(folder.toString()) ? "" : " (as " + before + " and " + folder + ")")
                            + "; give each shard's folder once");
                }
            }
        }
        Map<Path, Path> seen = new java.util.HashMap<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                throw new IllegalArgumentException(folder + " is not a folder; give the folders of the shards'"
                        + " partial results, e.g. target/triscale/partial or the folder their CI artifacts were"
                        + " downloaded to");
            }
            List<Path> found;
            try (Stream<Path> walk = Files.walk(folder)) {
                found = walk.filter(file -> file.getFileName().toString().endsWith(PartialResults.SUFFIX)
                        && Files.isRegularFile(file)).sorted().toList();
            }
            for (Path file : found) {
                // A folder inside another one given (or a link to the same file) reaches a file twice.
                Path before = seen.putIfAbsent(file.toRealPath(), file);
                if (before != null) {
                    throw new IllegalArgumentException("the same file is given twice: " + file
                            + (before.equals(file) ? "" : " (also as " + before + ")") + "; give folders that do not"
                            + " overlap, each shard's once");
                }
                files.add(file);
            }
            for (Path file : files) {
                if (file.startsWith(folder) && !org.triscale.results.internal.common.FileNames.readableInside(folder, file)) {
                    throw new IllegalArgumentException(file + " is a link to a file outside " + folder + "; the merge"
                            + " reads only files inside the folders it is given. Replace the link with the file");
                }
            }
        }
        if (files.isEmpty() && ShardComparisons.find(folders).isEmpty()) {
            // A launch of plain tests that compare sequels has comparisons only: ShardComparisons merges them.
            throw new IllegalArgumentException("no partial result (*" + PartialResults.SUFFIX + ") and no shard's"
                    + " comparisons (comparisons.shard-k-of-K.json) in " + folders + "; run the shards with -Dtriscale.shard=k/K first, and give the folders their partial results"
                    + " (target/triscale/partial) were copied to");
        }
        List<Located> read = new ArrayList<>();
        for (Path file : files) {
            try {
                read.add(new Located(PartialResults.read(file), file));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("cannot read the partial result " + file + ": " + e.getMessage()
                        + "; remove it, or replace it with the file its shard wrote", e);
            }
        }
        return read;
    }

    private static Instant recordedAt(Located located) {
        return instant(located, "recordedAt", located.partial.recordedAt());
    }

    private static Instant instant(Located located, String field, String text) {
        try {
            return Instant.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the partial result " + located.file + " has no valid " + field + " ('"
                    + text + "'); replace it with the file its shard wrote", e);
        }
    }

    /** Refuses shards that do not form one sequel of one test. */
    private static void check(List<Located> shards) {
        Located first = shards.get(0);
        String test = first.partial.testName();
        int count = first.partial.shard().count();
        for (Located other : shards) {
            if (other.partial.shard().count() != count) {
                throw refused(test, "its partial results come from different numbers of shards: " + first.label()
                        + " and " + other.label() + ". Merge the shards of one sharded launch: same K in every"
                        + " triscale.shard = k/K");
            }
        }
        Map<Integer, Located> byIndex = new TreeMap<>();
        for (Located located : shards) {
            Located twice = byIndex.putIfAbsent(located.partial.shard().index(), located);
            if (twice != null) {
                throw refused(test, "duplicate shard " + located.partial.shard().index() + "/" + count + ": "
                        + twice.file + " and " + located.file + ". Keep one of them (a rerun's artifact next to the"
                        + " first attempt's, or two launches in one folder)");
            }
        }
        List<String> missing = new ArrayList<>();
        for (int index = 1; index <= count; index++) {
            if (!byIndex.containsKey(index)) {
                missing.add(index + "/" + count);
            }
        }
        if (!missing.isEmpty()) {
            throw refused(test, "missing shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + "; found " + byIndex.values().stream().map(Located::label).collect(Collectors.joining(", "))
                    + ". Every shard's partial result is needed: rerun the missing shard jobs (a failed shard job"
                    + " still writes its partial result when the tests ran), or give the folders of their artifacts");
        }
        for (Located other : shards) {
            if (!Objects.equals(first.partial.triscaleVersion(), other.partial.triscaleVersion())) {
                throw refused(test, "the shards ran different TriScale versions: " + version(first) + " in "
                        + first.label() + ", " + version(other) + " in " + other.label() + ". Run every shard with"
                        + " one version");
            }
            String difference = difference(first.partial.parameters(), other.partial.parameters());
            if (difference != null) {
                throw refused(test, "the shards ran with different parameters: " + difference + " in "
                        + first.label() + " and " + other.label() + ". Run every shard of a launch with the same"
                        + " annotations and configuration parameters (triscale.seed, triscale.mode, triscale.checks)");
            }
            if (!Objects.equals(first.partial.gate(), other.partial.gate())) {
                throw refused(test, "the shards ran with different @Baseline gates (annotation or"
                        + " triscale.baseline.* parameters): " + first.label() + " and " + other.label()
                        + ". Run every shard with the same ones");
            }
            Set<String> ignored = first.partial.gate() == null ? Set.of()
                    : first.partial.gate().fingerprinting().ignored();
            List<String> differences = other.partial.fingerprint().differences(first.partial.fingerprint(), ignored);
            if (!differences.isEmpty()) {
                throw refused(test, "the shards ran on different test beds: " + String.join("; ", differences)
                        + " (" + first.label() + " → " + other.label() + "). A sequel's series must share one"
                        + " test bed: run the shards on one kind of machine, or leave a machine entry out with"
                        + " @Baseline(ignoreInFingerprint)");
            }
        }
        for (Located located : shards) {
            instant(located, "startedAt", located.partial.startedAt());
            checkRuns(test, located);
        }
    }

    /** A shard must hold exactly the runs of its series. */
    private static void checkRuns(String test, Located located) {
        PartialResult partial = located.partial;
        int seriesCount = partial.parameters().series().count();
        int runs = partial.parameters().runs().count();
        List<Integer> series = seriesOf(partial.shard().index(), partial.shard().count(), seriesCount);
        Set<Long> seen = new HashSet<>();
        boolean valid = series.equals(partial.shard().series()) && partial.runs().size() == series.size() * runs;
        for (TestResult.Run run : partial.runs()) {
            valid &= series.contains(run.series()) && run.run() >= 1 && run.run() <= runs
                    && seen.add((long) run.series() << 32 | run.run());
        }
        if (!valid) {
            throw refused(test, located.label() + " does not hold the " + series.size() * runs + " runs of its series "
                    + series + " (" + runs + " per series); it is incomplete or was altered. Use the file its shard"
                    + " wrote");
        }
        // Every run's seed derives from the base seed, the test, the series and the run: another
        // seed means a run from another launch (or an edit), which would pair wrongly in comparisons.
        long base = partial.parameters().baseSeed();
        for (TestResult.Run run : partial.runs()) {
            long expected = RunSeeds.seed(base, partial.testClass(), partial.testMethod(), run.series(), run.run());
            if (run.seed() != expected) {
                throw refused(test, located.label() + ", series " + run.series() + " run " + run.run() + ": its seed "
                        + run.seed() + " does not derive from the partial result's base seed " + base + " (it gives "
                        + expected + "); the run comes from another launch or the file was altered. Use the file its"
                        + " shard wrote");
            }
        }
    }

    /** The first parameter that differs, as {@code baseSeed = 1 vs 2}, or null when they are equal. */
    private static String difference(TestResult.Parameters a, TestResult.Parameters b) {
        for (RecordComponent component : TestResult.Parameters.class.getRecordComponents()) {
            if (component.getName().equals("interleaveOrder")) {
                continue; // each shard draws its own arm order, recorded in its partial
            }
            try {
                Object left = component.getAccessor().invoke(a);
                Object right = component.getAccessor().invoke(b);
                if (!Objects.equals(left, right)) {
                    return component.getName() + " = " + left + " vs " + right;
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return null;
    }

    private static String version(Located located) {
        String version = located.partial.triscaleVersion();
        return version == null ? "an unknown version (run from classes)" : version;
    }

    /** The series of shard {@code index} of {@code count}: every count-th, from the index (as the shard ran them). */
    private static List<Integer> seriesOf(int index, int count, int seriesCount) {
        List<Integer> own = new ArrayList<>();
        for (int series = index; series <= seriesCount; series += count) {
            own.add(series);
        }
        return own;
    }

    private static IllegalArgumentException refused(String test, String why) {
        return new IllegalArgumentException("cannot merge " + test + ": " + why + ".");
    }

    /** The complete sequel of checked shards, as the extension would hold it after its last run. */
    private static RecordedSequel restore(List<PartialResult> shards, Options options) {
        PartialResult first = shards.get(0);
        TestResult.Parameters parameters = first.parameters();
        List<MetricSpec> metricList = new ArrayList<>();
        for (TestResult.MetricParameters metric : parameters.metrics()) {
            List<Double> bounds = metric.bounds();
            metricList.add(new MetricSpec(metric.name(), metric.measure(), metric.unit(),
                    bounds == null ? null : ValueRange.of(bounds.get(0), bounds.get(1)), metric.convergenceRequired(),
                    true, metric.xUnit() == null ? "s" : metric.xUnit()));
        }
        Metrics metrics = new Metrics(metricList);
        List<KpiSpec> kpis = new ArrayList<>();
        for (TestResult.KpiParameters kpi : parameters.kpis()) {
            kpis.add(new KpiSpec(declared(metrics, kpi.metric()), kpi.percentile(), kpi.confidence(), kpi.side(),
                    nan(kpi.atMost()), nan(kpi.atLeast())));
        }
        List<ScoreSpec> scores = new ArrayList<>();
        for (TestResult.ScoreParameters parametersOfScore : parameters.variabilityScores()) {
            TestResult.ScoreDefinition score = parametersOfScore.definition();
            KpiSpec kpi = kpis.stream().filter(candidate -> candidate.metric().name().equals(score.metric())
                    && candidate.percentile() == score.kpiPercentile()).findFirst().orElseThrow(
                            () -> new IllegalArgumentException("the partial results of " + first.testName()
                                    + " score a KPI of " + score.metric() + " they do not declare"));
            scores.add(new ScoreSpec(kpi, score.percentile(), score.confidence(), nan(parametersOfScore.atMost()),
                    nan(parametersOfScore.relativeAtMost()), score.kind() == IntervalKind.JOINT));
        }
        Path output = options.outputDir();
        // The shards' arm order when they share one (configured), none when each drew its own.
        String order = parameters.interleaveOrder();
        boolean shared = order != null && shards.stream().allMatch(s -> order.equals(s.parameters().interleaveOrder()));
        Settings settings = new Settings(parameters.mode(), parameters.checksPolicy(), parameters.baseSeed(), false,
                output, Settings.IdenticalRuns.WARN, shared ? InterleaveOrder.parse(order).orElse(null) : null);
        Optional<GateSpec> gate = Optional.ofNullable(first.gate()).map(stored -> stored.restore(metrics,
                baselineFile(stored, first, options), HistoryStore.file(options.historyDir(), first.testClass(),
                        first.testKey()), options.projectDir()));
        TestSetup setup = new TestSetup(new TestSetup.TestId(first.testClass(), first.testMethod(), first.testName(),
                parameters.cell(), parameters.gridReference()),
                new TestSetup.RunsSetup(parameters.runs().percentile(), parameters.runs().confidence(),
                        parameters.runs().robustness(), parameters.runs().count(), parameters.runs().sizedMinimum()),
                new TestSetup.SeriesSetup(parameters.series().count(), parameters.series().percentile(),
                        parameters.series().confidence()),
                Optional.ofNullable(parameters.convergence()).map(c -> new ConvergenceSpec(c.confidence(),
                        c.tolerance())),
                metrics, kpis, scores, settings, gate);
        List<RunRecord> runs = new ArrayList<>();
        Instant started = null;
        for (PartialResult shard : shards) {
            for (TestResult.Run run : shard.runs()) {
                runs.add(run(run, metrics));
            }
            Instant shardStart = Instant.parse(shard.startedAt());
            started = started == null || shardStart.isBefore(started) ? shardStart : started;
        }
        Fingerprint fingerprint = first.fingerprint();
        TestResult.Environment environment = first.environment() != null ? first.environment()
                : ResultMapper.currentEnvironment();
        return RecordedSequel.restored(setup, runs, started, fingerprint, environment);
    }

    private static Path baselineFile(StoredGate gate, PartialResult partial, Options options) {
        // The partial result is untrusted: a baseline file it names must stay inside the project.
        return gate.files().defaultFile()
                ? options.baselineDir().resolve(partial.testClass())
                        .resolve(org.triscale.results.internal.common.FileNames.stem(partial.testKey()) + ".json")
                : org.triscale.results.internal.common.ProjectPaths.inside(options.projectDir(), gate.files().file(),
                        "the baseline file \"" + gate.files().file() + "\" named by the partial results of "
                        + partial.testName());
    }

    /** A run as the shard recorded it. */
    private static RunRecord run(TestResult.Run run, Metrics metrics) {
        RunRecord record = new RunRecord(run.series(), run.run(), run.seed(), null);
        record.timed(run.durationNanos());
        List<MetricValue> values = new ArrayList<>();
        for (TestResult.MetricResult metric : run.metrics()) {
            TestResult.Convergence c = metric.convergence();
            ConvergenceResult convergence = c == null ? null : new ConvergenceResult(c.converged(),
                    new TheilSenFit(nan(c.slope()), nan(c.intercept()), nan(c.lowSlope()), nan(c.highSlope()),
                            c.confidence(), c.points(), 0), c.tolerance(), c.points(), 0);
            values.add(new MetricValue(declared(metrics, metric.metric()), metric.valid(), nan(metric.value()),
                    metric.samples(), metric.droppedNaN(), metric.reported(), convergence, metric.sampleSummary(),
                    nan(metric.effectiveSampleSize())));
        }
        record.restore(run.status(), run.message(), values, run.notes());
        return record;
    }

    private static MetricSpec declared(Metrics metrics, String name) {
        return metrics.find(name).orElseThrow(() -> new IllegalArgumentException("a partial result names metric \""
                + name + "\", which its parameters do not declare (declared: " + metrics.names() + ")"));
    }

    private static double nan(Double value) {
        return value == null ? Double.NaN : value;
    }
}
