package org.triscale.engine.comparison;

/**
 * The change between two sequels that does not matter: the equivalence margin of "unchanged" and
 * the size a change must exceed to count as a regression.
 *
 * <p>{@link #fromScore()} (the default) is the smaller of two values: the variability score that
 * applies to the comparison (unpaired, the reference's score of the compared observations, how far
 * the reference's own series spread; paired, the score of the per-series changes, how far the
 * change itself spreads between series, which common random numbers make small) and
 * {@link #DEFAULT_LIMIT} of the reference. The score alone grows with the test bed's noise, and a
 * tolerance as wide as the noise hides the changes a seeded design resolves (a paired 5 × 10
 * design sees a 5 % change of a metric whose runs move by ±9 %, whose score is then about 8 %);
 * the limit keeps the default a statement about the change that matters, as the minimum
 * practically important difference of equivalence testing (Lakens 2017), and the score keeps it
 * smaller on a test bed that reproduces runs more closely than that. A relative tolerance is a
 * fraction of the reference ({@code 0.05}: ±5 %); an absolute one is in the metric's unit.
 *
 * @param kind  where the value comes from
 * @param value the relative or absolute tolerance, finite and ≥ 0; ignored (0) for
 *              {@link Kind#SCORE}
 */
public record Tolerance(Kind kind, double value) {

    /**
     * The largest default tolerance, as a fraction of the reference: 2 %. A practical choice, not
     * a property of the data: the 5 % regressions a gate must catch lie well beyond it, and a
     * seeded paired design resolves it (docs/regression-gate.md, calibration).
     */
    public static final double DEFAULT_LIMIT = 0.02;

    /** Where a tolerance comes from. */
    public enum Kind {
        /** The default: the variability score that applies to the comparison, at most {@link #DEFAULT_LIMIT}. */
        SCORE,
        /** A fraction of the reference. */
        RELATIVE,
        /** An amount in the metric's unit. */
        ABSOLUTE
    }

    /**
     * Validates the tolerance.
     *
     * @throws IllegalArgumentException if the kind is null or the value negative, NaN or infinite
     */
    public Tolerance {
        if (kind == null) {
            throw new IllegalArgumentException("tolerance kind must not be null; use SCORE, RELATIVE or ABSOLUTE");
        }
        if (kind == Kind.SCORE) {
            value = 0;
        } else if (!(value >= 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("tolerance must be a finite number >= 0, got " + value
                    + (kind == Kind.RELATIVE ? "; use e.g. 0.05 for ±5 %" : " in the metric's unit"));
        }
    }

    /** The default: the variability score that applies to the comparison, at most {@link #DEFAULT_LIMIT}. */
    public static Tolerance fromScore() {
        return new Tolerance(Kind.SCORE, 0);
    }

    /**
     * A relative tolerance.
     *
     * @param fraction a fraction of the reference, ≥ 0 (0.05 for ±5 %)
     * @return the tolerance
     */
    public static Tolerance relative(double fraction) {
        return new Tolerance(Kind.RELATIVE, fraction);
    }

    /**
     * An absolute tolerance.
     *
     * @param amount an amount in the metric's unit, ≥ 0
     * @return the tolerance
     */
    public static Tolerance absolute(double amount) {
        return new Tolerance(Kind.ABSOLUTE, amount);
    }
}
