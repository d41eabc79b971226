package org.triscale.results.internal.model;

import org.triscale.results.internal.setup.GateSpec;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.results.internal.setup.Metrics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated {@code @Baseline} as a shard's partial result keeps it, so that {@code triscale merge}
 * runs the same gate without the test class: every field of {@link GateSpec} except the paths of
 * the shard's machine and {@code triscale.baseline.update} (a shard holds part of a sequel only).
 *
 * @param metrics      the gated metrics
 * @param tolerance    the tolerance
 * @param unit         {@code SERIES} or {@code RUNS}
 * @param alpha        false-alarm rate of each one-sided test
 * @param file         the baseline file as the test named it: relative to the module's folder when
 *                     inside it
 * @param defaultFile  whether the file is the default one, {@code <triscale.baseline.dir>/<class>/<method>.json}
 * @param fromHistory  {@code @Baseline(fromHistory)} or {@code triscale.baseline.from.history}
 * @param scenario     the scenario of the fingerprint
 * @param tags         the tags of the fingerprint
 * @param ignored      machine entries of the fingerprint not compared
 * @param missing      what a missing baseline does, {@code FAIL} or {@code RECORD}
 * @param inconclusive what an inconclusive comparison does, {@code FAIL} or {@code WARN}
 * @param strict       whether the strict defaults applied
 * @param paired       which unit the paired design tests; null in partial results written before it
 *                     existed, read as {@code AUTO}
 */
public record StoredGate(List<Metric> metrics, Tolerance tolerance, ComparisonUnit unit, double alpha, String file,
                         boolean defaultFile, int fromHistory, String scenario, Map<String, String> tags,
                         Set<String> ignored, String missing, String inconclusive, boolean strict,
                         PairedTest paired) {

    /**
     * One gated metric.
     *
     * @param metric          the metric's name
     * @param direction       which way is better
     * @param kpiPercentile   percentile of the KPI reported for context
     * @param kpiConfidence   its confidence
     * @param kpiSide         its side
     * @param scorePercentile percentile of the score's pair
     * @param scoreConfidence confidence of the score
     */
    public record Metric(String metric, Direction direction, double kpiPercentile, double kpiConfidence,
                         Side kpiSide, double scorePercentile, double scoreConfidence) {
    }

    /**
     * The stored form of a gate.
     *
     * @param spec       the gate
     * @param testClass  fully qualified name of the test class
     * @param testMethod the method's name
     * @return what a partial result keeps of it
     */
    public static StoredGate of(GateSpec spec, String testClass, String testMethod) {
        List<Metric> metrics = new ArrayList<>();
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            metrics.add(new Metric(gated.metric().name(), gated.direction(), gated.kpiPercentile(),
                    gated.kpiConfidence(), gated.kpiSide(), gated.scorePercentile(), gated.scoreConfidence()));
        }
        boolean defaultFile = spec.file().endsWith(Path.of(testClass, testMethod + ".json"));
        return new StoredGate(metrics, spec.tolerance(), spec.unit(), spec.alpha(), spec.fileLabel(), defaultFile,
                spec.fromHistory(), spec.scenario(), spec.tags(), spec.ignored(), spec.missing().name(),
                spec.inconclusive().name(), spec.strict(), spec.paired());
    }

    /**
     * The gate of a merge: the same comparison, with the baseline read from {@code baselineFile}
     * (or the merge's history); it never updates the baseline.
     *
     * @param declared     the test's metrics
     * @param baselineFile the baseline file to read
     * @param historyFile  the history the merged sequel is appended to and, with {@code fromHistory},
     *                     read from
     * @param baseDir      the folder that file labels are shown relative to
     * @return the gate
     * @throws IllegalArgumentException if a gated metric is not among {@code declared}
     */
    public GateSpec restore(Metrics declared, Path baselineFile, Path historyFile, Path baseDir) {
        List<GateSpec.GatedMetric> gated = new ArrayList<>();
        for (Metric metric : metrics) {
            gated.add(new GateSpec.GatedMetric(declared.find(metric.metric()).orElseThrow(
                    () -> new IllegalArgumentException("the gate names metric \"" + metric.metric()
                            + "\", which the test's parameters do not declare")),
                    metric.direction(), metric.kpiPercentile(), metric.kpiConfidence(), metric.kpiSide(),
                    metric.scorePercentile(), metric.scoreConfidence()));
        }
        return new GateSpec(gated, tolerance, unit, alpha, baselineFile, fromHistory, scenario, tags, ignored, false,
                GateSpec.MissingPolicy.valueOf(missing), GateSpec.InconclusivePolicy.valueOf(inconclusive), strict,
                historyFile, baseDir, paired == null ? PairedTest.AUTO : paired, false);
    }
}
