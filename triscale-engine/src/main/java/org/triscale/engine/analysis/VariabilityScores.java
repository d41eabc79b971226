package org.triscale.engine.analysis;

import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.bounds.IntervalKind;

/**
 * Computes variability scores as TriScale's {@code analysis_variability} does, with bound values
 * read from the sorted data.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class VariabilityScores {
    private VariabilityScores() {
    }

    /**
     * Computes the variability score of a sequel's series KPIs.
     *
     * @param values     series KPIs in series order; NaN are dropped and counted
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param kind       {@link IntervalKind#TWO_SIDED} (TriScale) or {@link IntervalKind#JOINT}
     * @param bounds     range used by the {@code TRISCALE} trend check, or {@code null} for min/max
     * @param mode       which checks to apply
     * @return the score
     */
    public static VariabilityResult score(double[] values, double percentile, double confidence, IntervalKind kind,
                                          ValueRange bounds, Mode mode) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
