package org.triscale.results.internal.setup;

import org.triscale.results.internal.common.Format;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.comparison.Tolerance;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated {@code @Baseline} with the {@code triscale.baseline.*} parameters in force.
 *
 * @param metrics      the gated metrics
 * @param tolerance    the tolerance of every gated metric
 * @param unit         what the unpaired comparison compares
 * @param alpha        false-alarm rate of the one-sided rank tests
 * @param file         the baseline file, absolute
 * @param fromHistory  K: the last K accepted sequels of the history form the baseline; 0 for the file
 * @param scenario     the scenario of the fingerprint, possibly empty
 * @param tags         user tags of the fingerprint
 * @param ignored      machine entries of the fingerprint not compared
 * @param update       whether this execution writes the baseline ({@code triscale.baseline.update})
 * @param missing      what a missing baseline does
 * @param inconclusive what an inconclusive comparison does
 * @param strict       whether the strict defaults apply ({@code triscale.baseline.strict}, else the
 *                     environment variable {@code CI})
 * @param historyFile  the history file, absolute
 * @param baseDir      the module's folder, for messages
 * @param paired       which unit the paired design tests ({@code triscale.baseline.paired}, auto by default)
 * @param forceUpdate  whether an update writes the baseline even when the verdict fails
 *                     ({@code triscale.baseline.update.force})
 */
public record GateSpec(List<GatedMetric> metrics, Tolerance tolerance, ComparisonUnit unit, double alpha, Path file,
                int fromHistory, String scenario, Map<String, String> tags, Set<String> ignored, boolean update, MissingPolicy missing,
                InconclusivePolicy inconclusive, boolean strict, Path historyFile, Path baseDir, PairedTest paired,
                boolean forceUpdate) {

    public GateSpec {
        metrics = List.copyOf(metrics);
        tags = Map.copyOf(tags);
        ignored = Set.copyOf(ignored);
    }

    /** The file as shown to users: relative to the module's folder when inside it. */
    public String fileLabel() {
        return file.startsWith(baseDir) ? baseDir.relativize(file).toString().replace('\\', '/') : file.toString();
    }

    /** What a missing baseline does. */
    public enum MissingPolicy {
        /** The verdict fails. */
        FAIL,
        /** The verdict passes with a warning; the sequel is only recorded in the history. */
        RECORD
    }

    /** What an inconclusive comparison does. */
    public enum InconclusivePolicy {
        /** The verdict fails. */
        FAIL,
        /** The verdict passes with a warning. */
        WARN
    }

    /**
     * One gated metric.
     *
     * @param metric          the metric
     * @param direction       which way is better
     * @param kpiPercentile   percentile of the KPI reported for context
     * @param kpiConfidence   its confidence
     * @param kpiSide         its side
     * @param scorePercentile percentile of the score's pair
     * @param scoreConfidence confidence of the score
     */
    public record GatedMetric(MetricSpec metric, Direction direction, double kpiPercentile, double kpiConfidence,
                       Side kpiSide, double scorePercentile, double scoreConfidence) {

        /** The engine's settings for this metric. */
        public GateSettings settings(GateSpec spec) {
            return GateSettings.of(direction).withTolerance(spec.tolerance()).withAlpha(spec.alpha())
                    .withUnit(spec.unit()).withKpi(kpiPercentile, kpiConfidence, kpiSide)
                    .withScore(scorePercentile, scoreConfidence).withPairedTest(spec.paired());
        }

        /** {@code "P95 fct"}: the measure and the name. */
        public String label() {
            return metric.measure() + " " + metric.name();
        }

        /** {@code "fct P75 at 75 %"}. */
        public String kpiLabel() {
            return metric.name() + " P" + Format.number(kpiPercentile) + " at " + Format.number(kpiConfidence) + " %";
        }
    }
}
