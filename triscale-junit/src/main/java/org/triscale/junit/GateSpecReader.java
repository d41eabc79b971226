package org.triscale.junit;

import org.triscale.junit.internal.setup.Cells;
import org.triscale.junit.internal.setup.SettingsReader;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.junit.internal.recording.TestBed;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.comparison.RankSumTest;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.setup.Fingerprint;
import org.triscale.results.internal.gate.HistoryStore;
import org.triscale.results.internal.common.ProjectPaths;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoublePredicate;
import java.util.function.Function;

/**
 * Reads and validates {@code @Baseline} and the {@code triscale.baseline.*} and
 * {@code triscale.history.dir} parameters. Problems are configuration errors, raised before any run.
 */
final class GateSpecReader {
    static final String UPDATE = ConfigurationKeys.BASELINE_UPDATE;
    static final String UPDATE_FORCE = ConfigurationKeys.BASELINE_UPDATE_FORCE;
    static final String DIR = ConfigurationKeys.BASELINE_DIR;
    static final String STRICT = ConfigurationKeys.BASELINE_STRICT;
    static final String MISSING = ConfigurationKeys.BASELINE_MISSING;
    static final String INCONCLUSIVE = ConfigurationKeys.BASELINE_INCONCLUSIVE;
    static final String ALPHA = ConfigurationKeys.BASELINE_ALPHA;
    static final String TOLERANCE_FLOOR = ConfigurationKeys.BASELINE_TOLERANCE_FLOOR;
    static final String PAIRED = ConfigurationKeys.BASELINE_PAIRED;
    static final String LAUNCH_SHIFT = ConfigurationKeys.BASELINE_LAUNCH_SHIFT;
    static final String FROM_HISTORY = ConfigurationKeys.BASELINE_FROM_HISTORY;
    static final String TAGS = ConfigurationKeys.BASELINE_TAGS;
    static final String HISTORY_DIR = ConfigurationKeys.HISTORY_DIR;

    static final String DEFAULT_DIR = "src/test/resources/triscale/baselines";
    static final String DEFAULT_HISTORY_DIR = "target/triscale/history";

    private final Function<String, ExtensionConfigurationException> error;

    public GateSpecReader(Function<String, ExtensionConfigurationException> error) {
        this.error = error;
    }

    /**
     * The gate of a method, if it has {@code @Baseline}.
     *
     * @param context  the test's context, for the configuration parameters
     * @param method   the {@code @Runs} method
     * @param declared what the method declares, already read and checked
     * @return the gate, or empty without {@code @Baseline}
     */
    public Optional<GateSpec> read(ExtensionContext context, Method method, Declarations declared) {
        String testClass = declared.testClass();
        Optional<Baseline> found = AnnotationSupport.findAnnotation(method, Baseline.class);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Baseline baseline = found.get();
        List<GateSpec.GatedMetric> gated = gatedMetrics(baseline, declared);
        Tolerance tolerance = tolerance(baseline, parameter(context, TOLERANCE_FLOOR).map(this::parseFloor)
                .orElse(Tolerance.DEFAULT_FLOOR));
        check(baseline.fromHistory() >= 0, "@Baseline(fromHistory = " + baseline.fromHistory() + ") must be >= 0: "
                + "the number of accepted sequels of the history that form the baseline, or 0 for the file");
        ComparisonUnit unit = baseline.compare() == Baseline.Compare.RUNS ? ComparisonUnit.RUNS : ComparisonUnit.SERIES;

        double alpha = parameter(context, ALPHA).map(this::parseAlpha).orElse(GateSettings.DEFAULT_ALPHA);
        int fromHistory = baseline.fromHistory() > 0 ? baseline.fromHistory()
                : parameter(context, FROM_HISTORY).map(this::parseCount).orElse(0);
        if (baseline.interleaved()) {
            checkInterleaved(baseline, alpha, declared, fromHistory);
        } else {
            checkSize(unit, alpha, declared.seriesCount(), declared.runsPerSeries(), fromHistory);
        }

        Path baseDir = ProjectPaths.baseDir();
        Path file;
        // A grid cell has its own baseline and history: method[cell]
        String testMethod = TestSetup.TestId.key(method.getName(), Cells.name(context));
        if (baseline.file().isEmpty()) {
            Path dir = SettingsReader.readFolder(context, DIR, DEFAULT_DIR);
            file = dir.resolve(testClass).resolve(org.triscale.results.internal.common.FileNames.stem(testMethod) + ".json");
        } else {
            String what = "@Baseline(file = \"" + baseline.file() + "\")";
            try {
                file = ProjectPaths.inside(baseDir, baseline.file(), what);
            } catch (IllegalArgumentException e) {
                throw error.apply(e.getMessage());
            }
            check(file.getFileName().toString().endsWith(".json"), what + " must name a .json file, so that an "
                    + "update never overwrites another file of the project");
        }
        // Beside the results unless triscale.history.dir says otherwise: triscale.output.dir moves it.
        Path historyDir = SettingsReader.readFolder(context, HISTORY_DIR, SettingsReader.parameter(context,
                ConfigurationKeys.OUTPUT_DIR).map(output -> output + "/history")
                .orElse(DEFAULT_HISTORY_DIR));

        Map<String, String> tags = new LinkedHashMap<>();
        for (String tag : baseline.tags()) {
            addTag(tags, tag, "@Baseline(tags = \"" + tag + "\")");
        }
        parameter(context, TAGS).ifPresent(text -> {
            for (String tag : text.split(",")) {
                if (!tag.isBlank()) {
                    addTag(tags, tag.trim(), "configuration parameter " + TAGS + " entry '" + tag.trim() + "'");
                }
            }
        });

        Set<String> ignored = new LinkedHashSet<>();
        for (String entry : baseline.ignoreInFingerprint()) {
            check(Fingerprint.MACHINE_ENTRIES.contains(entry), "@Baseline(ignoreInFingerprint = \"" + entry + "\") is"
                    + " not a machine entry of the fingerprint; use java, os, arch or cpus");
            ignored.add(entry);
        }
        boolean update = SettingsReader.booleanParameter(context, UPDATE).orElse(false);
        boolean strict = SettingsReader.booleanParameter(context, STRICT).orElseGet(GateSpecReader::runningInCi);
        GateSpec.MissingPolicy missing = parameter(context, MISSING).map(this::parseMissing)
                .orElse(strict ? GateSpec.MissingPolicy.FAIL : GateSpec.MissingPolicy.RECORD);
        GateSpec.InconclusivePolicy inconclusive = parameter(context, INCONCLUSIVE).map(this::parseInconclusive)
                .orElse(strict ? GateSpec.InconclusivePolicy.FAIL : GateSpec.InconclusivePolicy.WARN);
        Path historyFile = HistoryStore.file(historyDir, testClass, testMethod);
        PairedTest paired = parameter(context, PAIRED).map(this::parsePaired).orElse(defaultPaired(method));
        boolean forceUpdate = SettingsReader.booleanParameter(context, UPDATE_FORCE).orElse(false);
        boolean independent = AnnotationSupport.findAnnotation(method, Runs.class).map(Runs::independent).orElse(false);
        double launchShift = parameter(context, LAUNCH_SHIFT).map(this::parseLaunchShift)
                .orElse(LaunchVariation.DEFAULT_LAUNCH_SHIFT);
        return Optional.of(new GateSpec(gated, new GateSpec.Comparison(tolerance, unit, alpha, paired, independent,
                launchShift, baseline.interleaved()),
                new GateSpec.Files(file, fromHistory, historyFile, baseDir),
                new GateSpec.Fingerprinting(baseline.scenario().trim(), tags, ignored),
                new GateSpec.Policies(update, forceUpdate, missing, inconclusive, strict)));
    }

    /**
     * The paired test when {@code triscale.baseline.paired} is not set: the per-run test when the
     * runs are declared independent ({@code @Runs(independent = true)}: a pure simulation whose run
     * depends on its seed only, so a pair shares no day, drift or carried-over noise with another),
     * otherwise {@code auto}.
     */
    private static PairedTest defaultPaired(Method method) {
        return AnnotationSupport.findAnnotation(method, Runs.class).map(Runs::independent).orElse(false)
                ? PairedTest.RUNS : PairedTest.AUTO;
    }

    /** The tolerance of the annotation: relative, absolute, or (neither set) from the variability score. */
    private Tolerance tolerance(Baseline baseline, double floor) {
        double relative = baseline.tolerance();
        double absolute = baseline.absoluteTolerance();
        check(!Double.isNaN(relative) && relative != Double.POSITIVE_INFINITY, "@Baseline(tolerance = "
                + Format.number(relative) + ") must be a finite fraction >= 0, e.g. 0.05 for ±5 %, or negative (the"
                + " default) for the variability score");
        check(!Double.isNaN(absolute) && absolute != Double.POSITIVE_INFINITY, "@Baseline(absoluteTolerance = "
                + Format.number(absolute) + ") must be a finite number >= 0 in the metric's unit, or negative (the"
                + " default) for none");
        check(relative < 0 || absolute < 0, "@Baseline sets both tolerance = " + Format.number(relative)
                + " and absoluteTolerance = " + Format.number(absolute) + "; set one of them (or neither, for the"
                + " variability score)");
        if (relative >= 0) {
            return Tolerance.relative(relative);
        }
        return absolute >= 0 ? Tolerance.absolute(absolute) : Tolerance.fromScore(floor);
    }

    /** CI services (GitHub Actions, GitLab CI, and others) set {@code CI=true}. */
    static boolean runningInCi() {
        String ci = System.getenv("CI");
        return ci != null && ("true".equalsIgnoreCase(ci.trim()) || "1".equals(ci.trim()));
    }

    private List<GateSpec.GatedMetric> gatedMetrics(Baseline baseline, Declarations declared) {
        Set<String> names = new LinkedHashSet<>();
        if (baseline.metrics().length == 0) {
            for (KpiSpec kpi : declared.kpis()) {
                names.add(kpi.metric().name());
            }
            check(!names.isEmpty(), "@Baseline gates the metrics that have a @Kpi, but the test declares none; add"
                    + " a @Kpi, or name the metrics with @Baseline(metrics = ..., direction = ...)");
        } else {
            for (String name : baseline.metrics()) {
                check(name != null && !name.isBlank(), "@Baseline(metrics) holds a blank name; name declared "
                        + "metrics");
                check(names.add(name.trim()), "@Baseline(metrics) names \"" + name.trim() + "\" twice");
            }
        }
        List<GateSpec.GatedMetric> gated = new ArrayList<>();
        for (String name : names) {
            MetricSpec metric = declared.metrics().find(name).orElseThrow(() -> error.apply(
                    Declarations.notDeclared("@Baseline(metrics", name, declared.metrics())));
            gated.add(gatedMetric(baseline, metric, declared));
        }
        return gated;
    }

    private GateSpec.GatedMetric gatedMetric(Baseline baseline, MetricSpec metric, Declarations declared) {
        List<KpiSpec> own = new ArrayList<>();
        for (KpiSpec kpi : declared.kpis()) {
            if (kpi.metric() == metric) {
                own.add(kpi);
            }
        }
        Direction direction;
        if (baseline.direction() == Baseline.Direction.LOWER_IS_BETTER) {
            direction = Direction.LOWER_IS_BETTER;
        } else if (baseline.direction() == Baseline.Direction.HIGHER_IS_BETTER) {
            direction = Direction.HIGHER_IS_BETTER;
        } else {
            direction = null;
            for (KpiSpec kpi : own) {
                boolean atMost = !Double.isNaN(kpi.atMost());
                boolean atLeast = !Double.isNaN(kpi.atLeast());
                Direction implied = atMost && !atLeast ? Direction.LOWER_IS_BETTER
                        : atLeast && !atMost ? Direction.HIGHER_IS_BETTER : null;
                check(implied != null && (direction == null || direction == implied), "@Baseline cannot tell which"
                        + " way of " + metric.name() + " is better: its @Kpi thresholds "
                        + (implied == null ? "set both atMost and atLeast" : "point both ways")
                        + "; set @Baseline(direction = LOWER_IS_BETTER) or HIGHER_IS_BETTER");
                direction = implied;
            }
            check(direction != null, "@Baseline gates " + metric.name() + ", which has no @Kpi to tell which way is"
                    + " better; set @Baseline(direction = LOWER_IS_BETTER) or HIGHER_IS_BETTER, or add a @Kpi");
        }
        GateSettings defaults = GateSettings.of(direction);
        double kpiPercentile = defaults.kpiPercentile();
        double kpiConfidence = defaults.kpiConfidence();
        Side side = defaults.kpiSide();
        KpiSpec first = own.isEmpty() ? null : own.get(0);
        if (first != null) {
            kpiPercentile = first.percentile();
            kpiConfidence = first.confidence();
            side = first.side();
        }
        double scorePercentile = declared.seriesPercentile();
        double scoreConfidence = declared.seriesConfidence();
        for (ScoreSpec score : declared.scores()) {
            if (score.kpi() == first) {
                scorePercentile = score.percentile();
                scoreConfidence = score.confidence();
                break;
            }
        }
        return new GateSpec.GatedMetric(metric, direction, kpiPercentile, kpiConfidence, side, scorePercentile,
                scoreConfidence);
    }

    /**
     * An interleaved gate compares the two arms of this launch: not a file, not the history, and the
     * pairs must be able to reach α (adaptive runs and series are refused for any gate, earlier).
     */
    private void checkInterleaved(Baseline baseline, double alpha, Declarations declared, int fromHistory) {
        String what = "@Baseline(interleaved = true)";
        check(baseline.fromHistory() == 0, what + " compares the candidate with the reference runs of the same launch,"
                + " so @Baseline(fromHistory = " + baseline.fromHistory() + ") has nothing to feed; remove fromHistory,"
                + " or interleaved to compare with the history");
        check(fromHistory == 0, what + " compares the candidate with the reference runs of the same launch, but "
                + FROM_HISTORY + " = " + fromHistory + " asks for a baseline from the history; unset it for this test");
        check(baseline.file().isEmpty(), what + " reads and writes no baseline file (the reference runs in the same"
                + " launch), so @Baseline(file = \"" + baseline.file() + "\") has no effect; remove it");
        int pairs = declared.seriesCount() * declared.runsPerSeries();
        double smallest = org.triscale.engine.comparison.SignedRankTest.smallestPValue(pairs);
        if (smallest > alpha) {
            int needed = pairs;
            while (org.triscale.engine.comparison.SignedRankTest.smallestPValue(needed) > alpha) {
                needed++;
            }
            throw error.apply(what + " compares " + pairs + " pairs (series × runs), which can never be significant at"
                    + " alpha = " + Format.number(alpha) + " (smallest p-value " + Format.number(smallest) + "); run at"
                    + " least " + needed + " pairs, e.g. @Runs(count = " + needed + ")");
        }
    }

    /** A sequel compared with a baseline of the same size must be able to reach α. */
    private void checkSize(ComparisonUnit unit, double alpha, int seriesCount, int runsPerSeries, int fromHistory) {
        int count = unit == ComparisonUnit.SERIES ? seriesCount : seriesCount * runsPerSeries;
        int baselineCount = count * Math.max(1, fromHistory);
        if (RankSumTest.smallestPValue(count, baselineCount) <= alpha) {
            return;
        }
        int needed = count;
        while (RankSumTest.smallestPValue(needed, needed * Math.max(1, fromHistory)) > alpha) {
            needed++;
        }
        String alphaText = Format.number(alpha);
        if (unit == ComparisonUnit.SERIES) {
            throw error.apply("@Baseline compares the series of each execution with the baseline's, but " + seriesCount
                    + (seriesCount == 1 ? " series" : " series") + " on each side can never be significant at alpha = "
                    + alphaText + " (smallest p-value " + Format.number(RankSumTest.smallestPValue(count, baselineCount))
                    + "); run at least " + needed + " series with @Series(count = " + needed + ") (or count = 0, "
                    + "sized for 75/75: 5), or use @Baseline(compare = RUNS) when all runs are exchangeable");
        }
        throw error.apply("@Baseline(compare = RUNS) compares every run, but " + count + " runs on each side can never"
                + " be significant at alpha = " + alphaText + "; run at least " + needed + " runs per sequel");
    }

    private void addTag(Map<String, String> tags, String tag, String what) {
        int equals = tag.indexOf('=');
        check(equals > 0 && !tag.substring(0, equals).isBlank(), what + " must be key=value, e.g. runner=lab-3");
        String key = tag.substring(0, equals).trim();
        String value = tag.substring(equals + 1).trim();
        check(!tags.containsKey(key), what + " gives the tag key '" + key + "' again (it is already '" + tags.get(key)
                + "'); give each key once, in @Baseline(tags) or " + TAGS);
        check(key.length() <= TestBed.MAX_KEY && value.length() <= TestBed.MAX_VALUE, what + " is too long: keys "
                + "have at most " + TestBed.MAX_KEY + " characters, values " + TestBed.MAX_VALUE);
        tags.put(key, value);
    }

    private PairedTest parsePaired(String text) {
        for (PairedTest test : PairedTest.values()) {
            if (test.label().equals(text.trim().toLowerCase(java.util.Locale.ROOT))) {
                return test;
            }
        }
        throw SettingsReader.invalid(PAIRED, text, "auto (the default: series-level test when the per-run changes"
                + " differ between series or carry over from run to run), runs (pairs independent: a test bed whose"
                + " runs depend only on their seed; the default with @Runs(independent = true)) or series");
    }

    private double parseFloor(String text) {
        return parseNumber(TOLERANCE_FLOOR, text, floor -> floor >= 0 && floor <= 1, "a fraction of the baseline"
                + " in [0, 1], e.g. 0.01 for ±1 % (the default) or 0 for the variability score alone");
    }

    private double parseLaunchShift(String text) {
        return parseNumber(LAUNCH_SHIFT, text, shift -> shift >= 0 && shift <= 1, "a fraction in [0, 1], the"
                + " standard deviation of one launch's shift, e.g. 0.02 for 2 % (the default)");
    }

    private double parseAlpha(String text) {
        return parseNumber(ALPHA, text, alpha -> alpha > 0 && alpha < 0.5,
                "a false-alarm rate in (0, 0.5), e.g. 0.01 (the default)");
    }

    /** The number in {@code text} when {@code valid} accepts it (never NaN); otherwise an error naming the key. */
    private static double parseNumber(String key, String text, DoublePredicate valid, String expected) {
        try {
            double value = Double.parseDouble(text);
            if (valid.test(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw SettingsReader.invalid(key, text, expected);
    }

    private int parseCount(String text) {
        try {
            int count = Integer.parseInt(text);
            if (count >= 0) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw SettingsReader.invalid(FROM_HISTORY, text, "a number of sequels >= 0, e.g. 3 (0: the baseline file)");
    }

    private GateSpec.MissingPolicy parseMissing(String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "fail": return GateSpec.MissingPolicy.FAIL;
            case "record": return GateSpec.MissingPolicy.RECORD;
            default: throw SettingsReader.invalid(MISSING, text, "fail or record");
        }
    }

    private GateSpec.InconclusivePolicy parseInconclusive(String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "fail": return GateSpec.InconclusivePolicy.FAIL;
            case "warn": return GateSpec.InconclusivePolicy.WARN;
            default: throw SettingsReader.invalid(INCONCLUSIVE, text, "fail or warn");
        }
    }

    private static Optional<String> parameter(ExtensionContext context, String key) {
        return SettingsReader.parameter(context, key);
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw error.apply(message);
        }
    }
}
