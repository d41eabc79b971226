package org.triscale.results.internal.setup;

import org.triscale.engine.Arguments;
import org.triscale.results.internal.common.Format;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.engine.baseline.LaunchVariation;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated {@code @Baseline} with the {@code triscale.baseline.*} parameters in force, in named
 * parts: how the gated metrics are compared, where the baseline and the history are, what the
 * fingerprint holds, and what an update, a missing baseline or an inconclusive comparison does. A
 * new parameter goes into the part it belongs to, so that no other part's users change (the
 * engine's {@code ComparisonSettings} keeps the comparison's parameters the same way).
 *
 * @param metrics     the gated metrics
 * @param comparison  how every gated metric is compared
 * @param files       the baseline file, the history and the module's folder
 * @param fingerprint the scenario, the tags and the ignored machine entries of the fingerprint
 * @param policies    what an update, a missing baseline and an inconclusive comparison do
 */
public record GateSpec(List<GatedMetric> metrics, Comparison comparison, Files files, Fingerprinting fingerprint,
                       Policies policies) {

    /**
     * Copies the metrics and requires every part.
     *
     * @throws IllegalArgumentException if a part is null
     */
    public GateSpec {
        metrics = List.copyOf(Arguments.notNull("metrics", metrics));
        Arguments.notNull("comparison", comparison);
        Arguments.notNull("files", files);
        Arguments.notNull("fingerprint", fingerprint);
        Arguments.notNull("policies", policies);
    }

    /**
     * The file as shown to users: relative to the module's folder when inside it.
     *
     * @return the baseline file's label
     */
    public String fileLabel() {
        Path file = files.baseline();
        Path baseDir = files.baseDir();
        return file.startsWith(baseDir) ? baseDir.relativize(file).toString().replace('\\', '/') : file.toString();
    }

    /**
     * How every gated metric is compared with its baseline; the rest of each metric's settings is
     * in its {@link GatedMetric}.
     *
     * @param tolerance the tolerance of every gated metric
     * @param unit      what the unpaired comparison compares
     * @param alpha     false-alarm rate of the one-sided rank tests
     * @param paired    which unit the paired design tests ({@code triscale.baseline.paired}, auto by default)
     * @param independent whether the runs are declared independent ({@code @Runs(independent = true)}):
     *                  then two launches differ only by the code and no launch-to-launch variation
     *                  enters the decision
     * @param launchShift the bound on the standard deviation of one launch's shift while the history
     *                  is short ({@code triscale.baseline.launchShift}), a fraction in [0, 1]
     * @param interleaved whether the reference runs interleaved with the candidate in the same launch
     *                  ({@code @Baseline(interleaved = true)}): the gate compares the two arms, no
     *                  baseline file and no launch-to-launch variation
     */
    public record Comparison(Tolerance tolerance, ComparisonUnit unit, double alpha, PairedTest paired,
                             boolean independent, double launchShift, boolean interleaved) {

        /**
         * Requires every value.
         *
         * @throws IllegalArgumentException if one is null or the launch shift is outside [0, 1]
         */
        public Comparison {
            Arguments.notNull("tolerance", tolerance);
            Arguments.notNull("unit", unit);
            Arguments.notNull("paired", paired);
            if (!(launchShift >= 0 && launchShift <= 1)) {
                throw new IllegalArgumentException("launchShift must be a fraction in [0, 1], got " + launchShift
                        + "; use e.g. 0.02 for a launch-to-launch standard deviation of 2 %");
            }
        }

        /**
         * A comparison of runs not declared independent, with the default launch bound.
         *
         * @param tolerance the tolerance of every gated metric
         * @param unit      what the unpaired comparison compares
         * @param alpha     false-alarm rate of the one-sided tests
         * @param paired    which unit the paired design tests
         */
        public Comparison(Tolerance tolerance, ComparisonUnit unit, double alpha, PairedTest paired) {
            this(tolerance, unit, alpha, paired, false, LaunchVariation.DEFAULT_LAUNCH_SHIFT);
        }

        /**
         * A comparison with a baseline of another launch (not interleaved).
         *
         * @param tolerance   the tolerance of every gated metric
         * @param unit        what the unpaired comparison compares
         * @param alpha       false-alarm rate of the one-sided tests
         * @param paired      which unit the paired design tests
         * @param independent whether the runs are declared independent
         * @param launchShift the bound of one launch's shift while the history is short
         */
        public Comparison(Tolerance tolerance, ComparisonUnit unit, double alpha, PairedTest paired,
                          boolean independent, double launchShift) {
            this(tolerance, unit, alpha, paired, independent, launchShift, false);
        }
    }

    /**
     * Where the baseline comes from and the sequel goes.
     *
     * @param baseline    the baseline file, absolute
     * @param fromHistory K: the last K accepted sequels of the history form the baseline; 0 for the file
     * @param history     the history file, absolute
     * @param baseDir     the module's folder, for messages
     */
    public record Files(Path baseline, int fromHistory, Path history, Path baseDir) {

        /**
         * Requires the paths and a non-negative K.
         *
         * @throws IllegalArgumentException if a path is null or K is negative
         */
        public Files {
            Arguments.notNull("baseline", baseline);
            Arguments.nonNegative("fromHistory", fromHistory);
            Arguments.notNull("history", history);
            Arguments.notNull("baseDir", baseDir);
        }
    }

    /**
     * What the gate adds to the test bed's fingerprint and leaves out of its comparison.
     *
     * @param scenario the scenario of the fingerprint, possibly empty
     * @param tags     user tags of the fingerprint
     * @param ignored  machine entries of the fingerprint not compared
     */
    public record Fingerprinting(String scenario, Map<String, String> tags, Set<String> ignored) {

        /**
         * Copies the tags and the entries.
         *
         * @throws IllegalArgumentException if the tags or the entries are null
         */
        public Fingerprinting {
            tags = Map.copyOf(Arguments.notNull("tags", tags));
            ignored = Set.copyOf(Arguments.notNull("ignored", ignored));
        }
    }

    /**
     * What the gate does besides comparing.
     *
     * @param update       whether this execution writes the baseline ({@code triscale.baseline.update})
     * @param forceUpdate  whether an update writes the baseline even when the verdict fails
     *                     ({@code triscale.baseline.update.force})
     * @param missing      what a missing baseline does
     * @param inconclusive what an inconclusive comparison does
     * @param strict       whether the strict defaults apply ({@code triscale.baseline.strict}, else the
     *                     environment variable {@code CI})
     */
    public record Policies(boolean update, boolean forceUpdate, MissingPolicy missing, InconclusivePolicy inconclusive,
                           boolean strict) {

        /**
         * Requires the policies.
         *
         * @throws IllegalArgumentException if one is null
         */
        public Policies {
            Arguments.notNull("missing", missing);
            Arguments.notNull("inconclusive", inconclusive);
        }
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
            Comparison comparison = spec.comparison();
            return GateSettings.of(direction).withTolerance(comparison.tolerance()).withAlpha(comparison.alpha())
                    .withUnit(comparison.unit()).withKpi(kpiPercentile, kpiConfidence, kpiSide)
                    .withScore(scorePercentile, scoreConfidence).withPairedTest(comparison.paired());
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
