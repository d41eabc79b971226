package org.triscale.junit;

import org.triscale.junit.internal.setup.Cells;
import org.triscale.junit.internal.setup.SettingsReader;
import org.triscale.results.internal.common.Limits;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.Metrics;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.common.FileNames;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.setup.GateSpec;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sizing.Sizing;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and validates the TriScale annotations of a test method (directly present or on composed
 * annotations). Every problem is an {@link ExtensionConfigurationException} that names the
 * annotation, the attribute, the value given and the fix; it is thrown before any run starts.
 */
final class SetupReader {
    private final String testName;

    private SetupReader(String testName) {
        this.testName = testName;
    }

    /**
     * Reads the setup of the template method of {@code context}.
     *
     * @param context the template's context
     * @return the setup
     * @throws ExtensionConfigurationException for any problem of the annotations or configuration,
     *                                         naming the attribute or key and the fix
     */
    public static TestSetup read(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Class<?> testClass = context.getRequiredTestClass();
        String cell = Cells.name(context);
        String testName = testClass.getSimpleName() + "." + TestSetup.TestId.key(method.getName(), cell);
        if (!cell.isEmpty()) {
            Cells.claim(context, FileNames.stem(testClass.getName() + "." + TestSetup.TestId.key(method.getName(), cell)),
                    testName);
        }
        SetupReader reader = new SetupReader(testName);
        try {
            return reader.read(context, method, testClass, cell);
        } catch (IllegalArgumentException e) {
            // A check missed above must still be a configuration error, not a raw exception of a collection or parser.
            throw reader.error("an annotation's value or a configuration parameter is not valid: " + e.getMessage()
                    + ". Check the TriScale annotations on the method (see docs/configuration.md)");
        }
    }

    /** The metrics of {@code @ConvergenceRequired(metrics)}, each named once. */
    private Set<String> mustConverge(ConvergenceRequired annotation) {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (String name : annotation.metrics()) {
            check(name != null && !name.isBlank(), "@ConvergenceRequired(metrics) holds a blank name; name declared"
                    + " metrics, or leave metrics empty to require convergence of every metric");
            check(names.add(name.trim()), "duplicate metric '" + name.trim() + "' in @ConvergenceRequired(metrics);"
                    + " name each metric once");
        }
        return names;
    }

    private TestSetup read(ExtensionContext context, Method method, Class<?> testClass, String cell) {
        Runs runs = AnnotationSupport.findAnnotation(method, Runs.class)
                .orElseThrow(() -> error("@Runs is missing; annotate the method with @Runs(kpiPercentile = 75, "
                        + "kpiConfidence = 75)"));
        Annotations.checkUsage(method, testClass).ifPresent(problem -> {
            throw error(problem);
        });
        checkPercent("@Runs", "kpiPercentile", runs.kpiPercentile(), "75");
        checkPercent("@Runs", "kpiConfidence", runs.kpiConfidence(), "75");
        check(runs.robustness() >= 0, "@Runs(robustness = " + runs.robustness()
                + ") must be >= 0 (the number of extreme runs a KPI may ignore); use 0 or more");
        check(runs.count() >= 0, "@Runs(count = " + runs.count()
                + ") must be >= 0; use 0 to run the sized minimum, or a number of runs per series");
        check(runs.robustness() < Limits.MAX_RUNS, "@Runs(robustness = " + runs.robustness() + ") must be below "
                + Limits.MAX_RUNS + ", the most runs a test method may have; it is the number of extreme runs a KPI"
                + " may ignore, usually 0 to 3");
        checkAdaptiveAttributes(runs);
        int sizedForRuns = Sizing.oneSided(runs.kpiPercentile(), runs.kpiConfidence(), runs.robustness());
        check(runs.count() == 0 || runs.count() >= sizedForRuns, "@Runs(count = " + runs.count() + ") is below the "
                + sizedForRuns + " runs per series that " + runsText(runs) + " need; set count >= " + sizedForRuns
                + " or remove count to run the minimum");

        Optional<Series> seriesAnnotation = AnnotationSupport.findAnnotation(method, Series.class);
        int seriesCount = 1;
        double seriesPercentile = 75;
        double seriesConfidence = 75;
        if (seriesAnnotation.isPresent()) {
            Series series = seriesAnnotation.get();
            checkPercent("@Series", "scorePercentile", series.scorePercentile(), "75");
            checkPercent("@Series", "scoreConfidence", series.scoreConfidence(), "75");
            check(series.count() >= 0, "@Series(count = " + series.count()
                    + ") must be >= 0; use 1 for a single series, 0 to size it for the variability score");
            seriesPercentile = series.scorePercentile();
            seriesConfidence = series.scoreConfidence();
            seriesCount = series.count() > 0 ? series.count() : Sizing.twoSided(seriesPercentile, seriesConfidence, 0);
            checkAdaptiveSeries(series);
            if (series.adaptive()) {
                seriesCount = series.maxCount();
            }
        }

        Optional<ConvergenceRequired> convergenceAnnotation = AnnotationSupport.findAnnotation(method,
                ConvergenceRequired.class);
        Optional<ConvergenceSpec> convergence = convergenceAnnotation.map(this::convergence);

        List<Metric> metricAnnotations = AnnotationSupport.findRepeatableAnnotations(method, Metric.class);
        Set<String> mustConverge = convergenceAnnotation.map(this::mustConverge).orElse(Set.of());
        List<MetricSpec> metrics = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Metric metric : metricAnnotations) {
            MetricSpec spec = metric(metric, convergenceAnnotation.isPresent()
                    && (mustConverge.isEmpty() || mustConverge.contains(metric.name().trim())),
                    !mustConverge.contains(metric.name().trim()));
            check(names.add(spec.name()), "@Metric(name = \"" + spec.name()
                    + "\") is declared twice; give each metric a unique name");
            metrics.add(spec);
        }
        for (String name : mustConverge) {
            check(names.contains(name), "@ConvergenceRequired(metrics = \"" + name + "\") names no declared metric; declared: "
                    + String.join(", ", names) + ". Fix the name or add @Metric(name = \"" + name + "\", ...)");
        }

        List<KpiSpec> kpis = new ArrayList<>();
        int sized = sizedForRuns;
        for (Kpi kpi : AnnotationSupport.findRepeatableAnnotations(method, Kpi.class)) {
            KpiSpec spec = kpi(kpi, metrics, runs);
            for (KpiSpec other : kpis) {
                check(!(other.metric() == spec.metric() && other.percentile() == spec.percentile()
                        && other.confidence() == spec.confidence()), "@Kpi(metric = \"" + kpi.metric()
                        + "\", percentile = " + Format.number(spec.percentile()) + ") is declared twice; merge them"
                        + " into one @Kpi with both thresholds (atMost and atLeast) or remove one");
            }
            kpis.add(spec);
            sized = Math.max(sized, Sizing.oneSided(spec.percentile(), spec.confidence(), runs.robustness()));
        }
        if (runs.adaptive()) {
            checkAdaptiveKpis(runs, kpis, sized);
        }
        int runsPerSeries = runs.adaptive() ? runs.maxCount() : runs.count() > 0 ? runs.count() : sized;
        String tooMany = Limits.runs(runsPerSeries, runs.adaptive() ? "@Runs(maxCount = " + runs.maxCount() + ")"
                : runs.count() > 0 ? "@Runs(count = " + runs.count() + ")" : runsText(runs), seriesCount,
                seriesAnnotation.isEmpty() ? "one series" : seriesAnnotation.get().adaptive()
                        ? "@Series(maxCount = " + seriesCount + ")" : "@Series(count = " + seriesCount + ")");
        check(tooMany == null, tooMany);
        for (KpiSpec kpi : kpis) {
            checkRunsFor(kpi, runs, runsPerSeries);
        }

        List<ScoreSpec> scores = new ArrayList<>();
        for (VariabilityScore score : AnnotationSupport.findRepeatableAnnotations(method, VariabilityScore.class)) {
            ScoreSpec spec = score(score, metrics, kpis, seriesAnnotation, seriesCount, seriesPercentile,
                    seriesConfidence);
            for (ScoreSpec other : scores) {
                check(!(other.kpi() == spec.kpi() && other.lowPercentile() == spec.lowPercentile()
                        && other.confidence() == spec.confidence()),
                        "@VariabilityScore(metric = \"" + score.metric() + "\") is declared twice with the same "
                                + "percentile and confidence; merge them into one with both thresholds");
            }
            scores.add(spec);
        }

        int sizedSeries = seriesCount;
        if (seriesAnnotation.isPresent() && seriesAnnotation.get().adaptive()) {
            sizedSeries = checkAdaptiveScores(seriesAnnotation.get(), scores,
                    AnnotationSupport.findAnnotation(method, Baseline.class).isPresent());
        }
        check(!runs.adaptive() || AnnotationSupport.findAnnotation(method, Baseline.class).isEmpty(), "@Runs(adaptive"
                + " = true) cannot be combined with @Baseline: the regression gate compares series of one fixed run"
                + " count; remove adaptive (and maxCount) to gate the test, or remove @Baseline");
        Settings settings = SettingsReader.read(context, runs.checks() == ChecksPolicy.DEFAULT ? Optional.empty()
                : Optional.of(FailingChecks.valueOf(runs.checks().name())));
        Optional<GateSpec> gate = new GateSpecReader(this::error).read(context, method, new Declarations(
                testClass.getName(), new Metrics(metrics), kpis, scores, seriesCount, seriesPercentile,
                seriesConfidence, runsPerSeries));
        String reference;
        try {
            reference = GridReferences.read(method, testClass, cell);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        return new TestSetup(new TestSetup.TestId(testClass.getName(), method.getName(), testName, cell, reference),
                new TestSetup.RunsSetup(runs.kpiPercentile(), runs.kpiConfidence(), runs.robustness(), runsPerSeries,
                        sized, runs.adaptive(), runs.precision()),
                new TestSetup.SeriesSetup(seriesCount, seriesPercentile, seriesConfidence,
                        seriesAnnotation.map(Series::adaptive).orElse(false), sizedSeries), convergence,
                new Metrics(metrics), kpis, scores, settings, gate);
    }

    /** The attributes of adaptive series that can be checked before the scores are read. */
    private void checkAdaptiveSeries(Series series) {
        if (!series.adaptive()) {
            check(series.maxCount() == 0, "@Series(maxCount = " + series.maxCount() + ") is set without adaptive ="
                    + " true; add adaptive = true to stop the sequel when its variability scores are decided, or"
                    + " remove maxCount (count sets a fixed number of series)");
            return;
        }
        check(series.count() <= 1, "@Series(adaptive = true, count = " + series.count() + ") gives both a fixed and"
                + " an adaptive number of series; remove count and set maxCount, the most series");
        check(series.maxCount() >= 1, "@Series(adaptive = true, maxCount = " + series.maxCount() + ") must be at"
                + " least the number of series the variability scores are sized for; set maxCount, e.g. 20");
    }

    /**
     * Checks an adaptive sequel against its scores and returns the fewest series it runs: the most
     * any score is sized for.
     */
    private int checkAdaptiveScores(Series series, List<ScoreSpec> scores, boolean baseline) {
        check(!scores.isEmpty(), "@Series(adaptive = true) stops the sequel when its variability scores are decided,"
                + " but the test declares no @VariabilityScore; add the score the test is meant to hold, or remove"
                + " adaptive");
        check(!baseline, "@Series(adaptive = true) cannot be combined with @Baseline: the regression gate compares"
                + " sequels of one fixed number of series; remove adaptive (and maxCount) to gate the test, or"
                + " remove @Baseline");
        int sized = 0;
        for (ScoreSpec score : scores) {
            sized = Math.max(sized, score.neededSeries());
        }
        return sized;
    }

    /** The attributes of adaptive runs that can be checked before the KPIs are read. */
    private void checkAdaptiveAttributes(Runs runs) {
        if (!runs.adaptive()) {
            check(runs.maxCount() == 0, "@Runs(maxCount = " + runs.maxCount() + ") is set without adaptive = true;"
                    + " add adaptive = true to stop each series when its KPIs are decided, or remove maxCount (count"
                    + " sets a fixed number of runs)");
            check(Double.isNaN(runs.precision()), "@Runs(precision = " + Format.number(runs.precision())
                    + ") is set without adaptive = true; add adaptive = true and maxCount, or remove precision");
            return;
        }
        check(runs.count() == 0, "@Runs(adaptive = true, count = " + runs.count() + ") gives both a fixed and an"
                + " adaptive number of runs; remove count and set maxCount, the most runs per series");
        check(runs.robustness() == 0, "@Runs(adaptive = true, robustness = " + runs.robustness() + "): the"
                + " anytime-valid bound of adaptive runs ignores no extreme run; remove robustness or adaptive");
        check(Double.isNaN(runs.precision()) || (runs.precision() > 0 && runs.precision() < 1), "@Runs(precision = "
                + Format.number(runs.precision()) + ") must be a fraction in the open interval (0, 1), the relative"
                + " half-width targeted; use e.g. precision = 0.05 for ±5 %");
    }

    /** Adaptive runs need KPIs they can decide and a maximum that covers the sized minimum. */
    private void checkAdaptiveKpis(Runs runs, List<KpiSpec> kpis, int sized) {
        check(!kpis.isEmpty(), "@Runs(adaptive = true) stops a series when its KPIs are decided, but the test declares"
                + " no @Kpi; add the @Kpi the test is meant to hold, or remove adaptive");
        for (KpiSpec kpi : kpis) {
            boolean onItsSide = kpi.side() == Side.UPPER ? Double.isNaN(kpi.atLeast()) : Double.isNaN(kpi.atMost());
            check(onItsSide, "@Kpi(metric = \"" + kpi.metric().name() + "\", percentile = "
                    + Format.number(kpi.percentile()) + ", " + kpi.thresholds() + ") has a threshold on the side "
                    + "opposite its bound, which adaptive runs cannot decide; with @Runs(adaptive = true) give each"
                    + " @Kpi only " + (kpi.side() == Side.UPPER ? "atMost" : "atLeast") + " (or declare another @Kpi"
                    + " for the other side with a percentile on that side)");
        }
        check(runs.maxCount() >= sized, "@Runs(adaptive = true, maxCount = " + runs.maxCount() + ") must be at least "
                + sized + ", the runs per series that " + runsText(runs) + " and the KPIs need at the least; set"
                + " maxCount >= " + sized + " (a few times more lets a series stop early when its KPIs are far from"
                + " their thresholds)");
    }

    private ConvergenceSpec convergence(ConvergenceRequired annotation) {
        checkPercent("@ConvergenceRequired", "confidence", annotation.confidence(), "95");
        check(annotation.tolerance() > 0 && Double.isFinite(annotation.tolerance()), "@ConvergenceRequired(tolerance = "
                + Format.number(annotation.tolerance()) + ") must be a finite percentage > 0; use e.g. tolerance = 5");
        return new ConvergenceSpec(annotation.confidence(), annotation.tolerance());
    }

    private MetricSpec metric(Metric metric, boolean convergenceRequired, boolean reportable) {
        String name = metric.name().trim();
        check(!name.isEmpty(), "@Metric(name = \"" + metric.name() + "\") needs a name, e.g. name = \"delay\"");
        for (String[] text : new String[][] {{"name", name}, {"unit", metric.unit()}}) {
            String invalid = Limits.invalidCharacter(text[1]);
            check(invalid == null, "@Metric(" + text[0] + " = \"" + text[1].replaceAll("\\p{Cntrl}", "?")
                    + "\") holds the control character " + invalid + "; names and units appear in reports and XML,"
                    + " use printable characters only");
        }
        String open = "@Metric(name = \"" + name + "\"";
        boolean hasPercentile = !Double.isNaN(metric.samplePercentile());
        Measure measure = switch (metric.statistic()) {
            case MEAN -> Measure.mean();
            case MINIMUM -> Measure.minimum();
            case MAXIMUM -> Measure.maximum();
            case MEDIAN, PERCENTILE -> null; // samplePercentile decides (the median without it)
        };
        if (measure != null) {
            check(!hasPercentile, open + ", statistic = " + metric.statistic() + ", samplePercentile = "
                    + Format.number(metric.samplePercentile()) + ") gives two statistics; remove samplePercentile,"
                    + " or remove statistic to use the percentile");
        } else if (hasPercentile) {
            checkPercent(open + ",", "samplePercentile", metric.samplePercentile(), "95");
            measure = Measure.percentile(metric.samplePercentile());
        } else {
            check(metric.statistic() != Statistic.PERCENTILE, open + ", statistic = PERCENTILE) needs samplePercentile,"
                    + " e.g. samplePercentile = 95 (statistic = PERCENTILE may then be left out)");
            measure = Measure.percentile(50);
        }
        double[] bounds = metric.bounds();
        ValueRange range = null;
        if (bounds.length != 0) {
            check(bounds.length == 2 && Double.isFinite(bounds[0]) && Double.isFinite(bounds[1]) && bounds[0] < bounds[1],
                    "@Metric(name = \"" + name + "\", bounds = " + Arrays.toString(bounds) + ") must be empty or two "
                            + "finite values {min, max} with min < max, e.g. bounds = {0, 120}");
            range = ValueRange.of(bounds[0], bounds[1]);
        }
        return new MetricSpec(name, measure, metric.unit().trim(), range, convergenceRequired, reportable,
                metric.xUnit().trim());
    }

    private KpiSpec kpi(Kpi kpi, List<MetricSpec> metrics, Runs runs) {
        MetricSpec metric = declared("@Kpi", kpi.metric(), metrics);
        String prefix = "@Kpi(metric = \"" + metric.name() + "\"";
        double percentile = percentOr(prefix, "percentile", kpi.percentile(), runs.kpiPercentile());
        double confidence = percentOr(prefix, "confidence", kpi.confidence(), runs.kpiConfidence());
        boolean hasAtMost = !Double.isNaN(kpi.atMost());
        boolean hasAtLeast = !Double.isNaN(kpi.atLeast());
        check(hasAtMost || hasAtLeast, prefix + ") sets neither atMost nor atLeast; give the threshold the KPI must"
                + " meet, e.g. atMost = 60 for a delay or atLeast = 80 for a throughput");
        check(!hasAtMost || Double.isFinite(kpi.atMost()), prefix + ", atMost = " + kpi.atMost()
                + ") must be a finite number");
        check(!hasAtLeast || Double.isFinite(kpi.atLeast()), prefix + ", atLeast = " + kpi.atLeast()
                + ") must be a finite number");
        check(!(hasAtMost && hasAtLeast) || kpi.atLeast() <= kpi.atMost(), prefix + ", atLeast = "
                + Format.number(kpi.atLeast()) + ", atMost = " + Format.number(kpi.atMost())
                + ") can never hold: atLeast is above atMost; swap or fix the thresholds");
        Side side;
        if (percentile > 50) {
            side = Side.UPPER;
        } else if (percentile < 50) {
            side = Side.LOWER;
        } else {
            check(!(hasAtMost && hasAtLeast), prefix + ", percentile = 50) sets both atMost and atLeast; for the "
                    + "median the threshold picks the side of the bound, so declare two @Kpi, one with atMost "
                    + "(upper bound) and one with atLeast (lower bound)");
            side = hasAtMost ? Side.UPPER : Side.LOWER;
        }
        check(kpi.oppositeSide() || !(side == Side.LOWER && hasAtMost), prefix + ", percentile = "
                + Format.number(percentile) + ", atMost = " + Format.number(kpi.atMost()) + ") bounds the "
                + Format.ordinal(percentile) + " percentile from below, so the confidence says nothing about atMost;"
                + " use a percentile of 50 or more with atMost (e.g. percentile = " + Format.number(100 - percentile)
                + "), or set oppositeSide = true if this is intended");
        check(kpi.oppositeSide() || !(side == Side.UPPER && hasAtLeast), prefix + ", percentile = "
                + Format.number(percentile) + ", atLeast = " + Format.number(kpi.atLeast()) + ") bounds the "
                + Format.ordinal(percentile) + " percentile from above, so the confidence says nothing about atLeast;"
                + " use a percentile of 50 or less with atLeast (e.g. percentile = " + Format.number(100 - percentile)
                + "), or set oppositeSide = true if this is intended");
        return new KpiSpec(metric, percentile, confidence, side, kpi.atMost(), kpi.atLeast());
    }

    /** A positive {@code @Runs(count)} must give every KPI the runs it needs. */
    private void checkRunsFor(KpiSpec kpi, Runs runs, int runsPerSeries) {
        int needed = Sizing.oneSided(kpi.percentile(), kpi.confidence(), runs.robustness());
        check(runsPerSeries >= needed, "@Kpi(metric = \"" + kpi.metric().name() + "\", percentile = "
                + Format.number(kpi.percentile()) + ", confidence = " + Format.number(kpi.confidence())
                + ") needs at least " + needed + " runs per series"
                + (runs.robustness() > 0 ? " (robustness " + runs.robustness() + ")" : "") + ", but the test has @Runs(count = "
                + runs.count() + "); set @Runs(count = " + needed + "), remove count to run the minimum, or lower the"
                + " KPI's percentile or confidence");
    }

    private ScoreSpec score(VariabilityScore score, List<MetricSpec> metrics, List<KpiSpec> kpis,
                            Optional<Series> series, int seriesCount, double seriesPercentile, double seriesConfidence) {
        MetricSpec metric = declared("@VariabilityScore", score.metric(), metrics);
        String prefix = "@VariabilityScore(metric = \"" + metric.name() + "\"";
        double percentile = percentOr(prefix, "percentile", score.percentile(), seriesPercentile);
        double confidence = percentOr(prefix, "confidence", score.confidence(), seriesConfidence);
        boolean hasAtMost = !Double.isNaN(score.atMost());
        boolean hasRelative = !Double.isNaN(score.relativeAtMost());
        check(hasAtMost || hasRelative, prefix + ") sets neither atMost nor relativeAtMost; give the largest "
                + "acceptable score, e.g. atMost = 10 (in the metric's unit) or relativeAtMost = 0.1 (10 %)");
        check(!hasAtMost || (score.atMost() >= 0 && Double.isFinite(score.atMost())), prefix + ", atMost = "
                + Format.number(score.atMost()) + ") must be a finite number >= 0");
        check(!hasRelative || (score.relativeAtMost() >= 0 && Double.isFinite(score.relativeAtMost())), prefix
                + ", relativeAtMost = " + Format.number(score.relativeAtMost())
                + ") must be a finite fraction >= 0, e.g. 0.1 for 10 %");
        List<KpiSpec> ofMetric = new ArrayList<>();
        for (KpiSpec candidate : kpis) {
            if (candidate.metric() == metric
                    && (Double.isNaN(score.kpiPercentile()) || candidate.percentile() == score.kpiPercentile())) {
                ofMetric.add(candidate);
            }
        }
        if (ofMetric.isEmpty()) {
            throw error(Double.isNaN(score.kpiPercentile())
                    ? prefix + ") scores the series KPIs of " + metric.name() + ", but no @Kpi is declared for it; add"
                            + " @Kpi(metric = \"" + metric.name() + "\", ...)"
                    : prefix + ", kpiPercentile = " + Format.number(score.kpiPercentile()) + ") matches no @Kpi of "
                            + metric.name() + "; use the percentile of one of its @Kpi annotations");
        }
        check(ofMetric.size() == 1, prefix + ") does not say which of the " + ofMetric.size() + " @Kpi of "
                + metric.name() + " it scores; add kpiPercentile = " + Format.number(ofMetric.get(0).percentile())
                + " (or another of their percentiles)");
        KpiSpec kpi = ofMetric.get(0);
        ScoreSpec spec = new ScoreSpec(kpi, percentile, confidence, score.atMost(), score.relativeAtMost(),
                score.joint());
        int needed = spec.neededSeries();
        String pair = Format.ordinal(Math.min(percentile, 100 - percentile)) + "/"
                + Format.ordinal(Math.max(percentile, 100 - percentile)) + " percentile pair at "
                + Format.number(confidence) + " % " + (score.joint() ? "joint " : "") + "confidence";
        if (series.isPresent() && series.get().adaptive()) {
            check(seriesCount >= needed, prefix + ") needs at least " + needed + " series for the " + pair
                    + ", but @Series(adaptive = true, maxCount = " + seriesCount + ") allows fewer; set maxCount >= "
                    + needed + " (a few times more lets the sequel stop early when the score is far from its"
                    + " threshold)");
            return spec;
        }
        check(seriesCount >= needed, prefix + ") needs at least " + needed + " series for the " + pair + ", but "
                + (series.isEmpty() ? "the test has one series (no @Series)"
                        : series.get().count() == 0 ? "@Series(count = 0) sizes " + seriesCount
                        : "@Series(count = " + seriesCount + ")")
                + "; set @Series(count = " + needed + ")"
                + (score.joint() ? "" : " or @Series(count = 0) with the same percentile and confidence")
                + ", or remove the score");
        return spec;
    }

    private MetricSpec declared(String annotation, String name, List<MetricSpec> metrics) {
        Metrics declared = new Metrics(metrics);
        return declared.find(name).orElseThrow(() -> error(Declarations.notDeclared(annotation + "(metric", name,
                declared)));
    }

    private static String runsText(Runs runs) {
        return "@Runs(kpiPercentile = " + Format.number(runs.kpiPercentile()) + ", kpiConfidence = "
                + Format.number(runs.kpiConfidence()) + (runs.robustness() > 0 ? ", robustness = " + runs.robustness() : "")
                + ")";
    }

    /** The attribute's value, or its default when not set (NaN), checked as a percentage. */
    private double percentOr(String prefix, String attribute, double value, double otherwise) {
        double resolved = Double.isNaN(value) ? otherwise : value;
        checkPercent(prefix + ",", attribute, resolved, "75");
        return resolved;
    }

    private void checkPercent(String annotation, String attribute, double value, String example) {
        String open = annotation.endsWith(",") ? annotation + " " : annotation + "(";
        check(value > 0 && value < 100, open + attribute + " = " + Format.number(value) + ") must be in the open "
                + "interval (0, 100); use e.g. " + attribute + " = " + example);
        check(value >= 1, open + attribute + " = " + Format.number(value) + ") looks like a fraction; percentiles "
                + "and confidences are in percent: write " + Format.number(value * 100) + " for " + Format.number(value)
                + " (values below 1 are not supported)");
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw error(message);
        }
    }

    private ExtensionConfigurationException error(String message) {
        return new ExtensionConfigurationException("TriScale configuration error in " + testName + ": " + message);
    }
}
