package org.triscale.results.internal.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.baseline.LaunchVariation;
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
 * the shard's machine and the update (a shard holds part of a sequel only), flat.
 *
 * <p>Its fields come in named parts, each written as fields of this object ({@code @JsonUnwrapped})
 * so that the JSON stays flat and in the order it always had.
 *
 * @param metrics        the gated metrics
 * @param comparison     the tolerance, the compared unit and α
 * @param files          the baseline file as the test named it and where the baseline comes from
 * @param fingerprinting what the test bed's fingerprint holds and ignores
 * @param policies       what a missing baseline and an inconclusive comparison do
 * @param dependence     the paired design's unit, the runs' independence and the launch-shift bound
 */
public record StoredGate(List<Metric> metrics, @JsonUnwrapped Comparison comparison, @JsonUnwrapped Files files,
                         @JsonUnwrapped Fingerprinting fingerprinting, @JsonUnwrapped Policies policies,
                         @JsonUnwrapped Dependence dependence) {

    /** A part read without any of its fields is an empty part, never null. */
    public StoredGate {
        comparison = comparison == null ? new Comparison(null, null, 0) : comparison;
        files = files == null ? new Files(null, false, 0) : files;
        fingerprinting = fingerprinting == null ? new Fingerprinting(null, null, null) : fingerprinting;
        policies = policies == null ? new Policies(null, null, false) : policies;
        dependence = dependence == null ? new Dependence(null, null, null) : dependence;
    }

    /**
     * What the gate compares.
     *
     * @param tolerance the tolerance
     * @param unit      {@code SERIES} or {@code RUNS}
     * @param alpha     false-alarm rate of each one-sided test
     */
    public record Comparison(Tolerance tolerance, ComparisonUnit unit, double alpha) {
    }

    /**
     * Where the baseline comes from.
     *
     * @param file        the baseline file as the test named it: relative to the module's folder when
     *                    inside it
     * @param defaultFile whether the file is the default one,
     *                    {@code <triscale.baseline.dir>/<class>/<method>.json}
     * @param fromHistory {@code @Baseline(fromHistory)} or {@code triscale.baseline.from.history}
     */
    public record Files(String file, boolean defaultFile, int fromHistory) {
    }

    /**
     * The fingerprint's declared parts.
     *
     * @param scenario the scenario of the fingerprint
     * @param tags     the tags of the fingerprint
     * @param ignored  machine entries of the fingerprint not compared
     */
    public record Fingerprinting(String scenario, Map<String, String> tags, Set<String> ignored) {
    }

    /**
     * What the gate does when it cannot compare.
     *
     * @param missing      what a missing baseline does, written {@code FAIL} or {@code RECORD}
     * @param inconclusive what an inconclusive comparison does, written {@code FAIL} or {@code WARN}
     * @param strict       whether the strict defaults applied
     */
    public record Policies(GateSpec.MissingPolicy missing, GateSpec.InconclusivePolicy inconclusive, boolean strict) {
    }

    /**
     * How the runs depend on each other and on their launch; each field is null in partial results
     * written before it existed ({@code independent} and {@code launchShift} are then omitted).
     *
     * @param paired      which unit the paired design tests; null read as {@code AUTO}
     * @param independent whether the runs are declared independent; null read as {@code paired == RUNS}
     * @param launchShift the bound on one launch's shift while the history is short; null read as the default
     */
    public record Dependence(PairedTest paired,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean independent,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double launchShift) {
    }

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
        boolean defaultFile = spec.files().baseline().endsWith(Path.of(testClass,
                org.triscale.results.internal.common.FileNames.stem(testMethod) + ".json"));
        GateSpec.Comparison comparison = spec.comparison();
        GateSpec.Fingerprinting fingerprint = spec.fingerprint();
        GateSpec.Policies policies = spec.policies();
        return new StoredGate(metrics, new Comparison(comparison.tolerance(), comparison.unit(), comparison.alpha()),
                new Files(spec.fileLabel(), defaultFile, spec.files().fromHistory()),
                new Fingerprinting(fingerprint.scenario(), fingerprint.tags(), fingerprint.ignored()),
                new Policies(policies.missing(), policies.inconclusive(), policies.strict()),
                new Dependence(comparison.paired(), comparison.independent(), comparison.launchShift()));
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
        PairedTest pairedTest = dependence.paired() == null ? PairedTest.AUTO : dependence.paired();
        return new GateSpec(gated, new GateSpec.Comparison(comparison.tolerance(), comparison.unit(), comparison.alpha(),
                pairedTest, dependence.independent() == null ? pairedTest == PairedTest.RUNS : dependence.independent(),
                dependence.launchShift() == null ? LaunchVariation.DEFAULT_LAUNCH_SHIFT : dependence.launchShift()),
                new GateSpec.Files(baselineFile, files.fromHistory(), historyFile, baseDir),
                new GateSpec.Fingerprinting(fingerprinting.scenario(), fingerprinting.tags(), fingerprinting.ignored()),
                new GateSpec.Policies(false, false, policies.missing(), policies.inconclusive(), policies.strict()));
    }
}
