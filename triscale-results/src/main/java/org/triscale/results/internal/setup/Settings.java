package org.triscale.results.internal.setup;

import org.triscale.engine.Mode;

import java.nio.file.Path;

/**
 * Configuration parameters in force for one test method.
 *
 * @param mode              statistical mode ({@code triscale.mode})
 * @param checks            resolved checks policy, {@code WARN} or {@code FAIL}
 * @param baseSeed          base of every run's seed ({@code triscale.seed})
 * @param progress          whether to print a line per run ({@code triscale.progress})
 * @param outputDir         folder of the JSON results ({@code triscale.output.dir})
 * @param identicalRuns     what a series whose runs all gave the same value of a metric does
 *                          ({@code triscale.checks.identicalRuns})
 * @param interleaveOrder   the launch's value of the arm order of an interleaved gate
 *                          ({@code triscale.interleave.order}, drawn per launch unless set;
 *                          {@link org.triscale.results.internal.common.InterleaveOrder}), or null for
 *                          the order of the seed alone (a merge of shards that drew different values)
 */
public record Settings(Mode mode, FailingChecks checks, long baseSeed, boolean progress, Path outputDir,
                IdenticalRuns identicalRuns, Long interleaveOrder) {

    /** The settings with the arm order of the seed alone. */
    public Settings(Mode mode, FailingChecks checks, long baseSeed, boolean progress, Path outputDir,
                    IdenticalRuns identicalRuns) {
        this(mode, checks, baseSeed, progress, outputDir, identicalRuns, null);
    }

    /** The settings with the default for identical runs (a warning), as a merge of shards restores them. */
    public Settings(Mode mode, FailingChecks checks, long baseSeed, boolean progress, Path outputDir) {
        this(mode, checks, baseSeed, progress, outputDir, IdenticalRuns.WARN);
    }

    /**
     * Whether the reference arm of a run's interleaved pair runs first.
     *
     * @param seed the run's seed
     * @return {@code true} when the reference runs first
     */
    public boolean referenceFirst(long seed) {
        return org.triscale.results.internal.common.InterleaveOrder.referenceFirst(seed,
                interleaveOrder == null ? 0 : interleaveOrder);
    }

    /** What a series whose runs all gave the same value of a metric does. */
    public enum IdenticalRuns {
        /** A warning in the verdict (the default): the metric may be constant by design. */
        WARN,
        /** The verdict fails: the runs were meant to vary with their seeds. */
        FAIL,
        /** Nothing: the metric is constant by design. */
        OFF
    }
}
