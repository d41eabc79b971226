package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * The change between two sequels that does not matter: the equivalence margin of "unchanged" and
 * the size a change must exceed to count as a regression.
 *
 * <p>{@link #fromScore()} (the default) is the smaller of two values, raised to a floor: the
 * reference's variability score (of its series medians, or of the compared runs unpaired with
 * runs as the unit: how far the reference's own series spread), fixed before the candidate ran as
 * an equivalence margin must be, and {@link #DEFAULT_LIMIT} of the reference. The score alone grows with the test bed's noise, and a
 * tolerance as wide as the noise hides the changes a seeded design resolves (a paired 5 × 10
 * design sees a 5 % change of a metric whose runs move by ±9 %, whose score is then about 8 %);
 * the limit keeps the default a statement about the change that matters, as the minimum
 * practically important difference of equivalence testing (Lakens 2017), and the score keeps it
 * smaller on a test bed that reproduces runs more closely than that. The floor,
 * {@link #DEFAULT_FLOOR} unless {@link #fromScore(double)} sets another, is the practical
 * resolution below which a change never matters: a deterministic test bed has a score of 0, and a
 * tolerance of ±0 % would call a 0.2 % change of a link "inconclusive" (a CI failure) and an
 * unchanged re-run "unchanged within ±0 %". A relative tolerance is a
 * fraction of the reference ({@code 0.05}: ±5 %); an absolute one is in the metric's unit.
 *
 * @param kind  where the value comes from
 * @param value the relative or absolute tolerance, finite and ≥ 0; for {@link Kind#SCORE} the
 *              floor, a fraction of the reference
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Tolerance(Kind kind, double value) {

    /**
     * The largest default tolerance, as a fraction of the reference: 2 %. A practical choice, not
     * a property of the data: the 5 % regressions a gate must catch lie well beyond it, and a
     * seeded paired design resolves it (docs/regression-gate.md, calibration).
     */
    public static final double DEFAULT_LIMIT = 0.02;

    /**
     * The default floor of the default tolerance, as a fraction of the reference: 1 %. The
     * practical resolution of a performance test: a change smaller than this never fails a build
     * by default. It leaves the paired sample's 5 % detection intact (the test's own threshold,
     * about 2.6 % at σd = 0.08 with 50 pairs, lies above it; docs/regression-gate.md).
     */
    public static final double DEFAULT_FLOOR = 0.01;

    /** Where a tolerance comes from. */
    public enum Kind {
        /**
         * The default: the variability score that applies to the comparison, at most
         * {@link #DEFAULT_LIMIT}, at least the floor.
         */
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
        if (kind == Kind.SCORE && !(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("tolerance floor must be a fraction in [0, 1], got " + value
                    + "; use e.g. 0.01 for ±1 % (the default)");
        } else if (!(value >= 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("tolerance must be a finite number >= 0, got " + value
                    + (kind == Kind.RELATIVE ? "; use e.g. 0.05 for ±5 %" : " in the metric's unit"));
        }
    }

    /**
     * The default: the variability score that applies to the comparison, at most
     * {@link #DEFAULT_LIMIT}, at least {@link #DEFAULT_FLOOR}.
     *
     * @return the tolerance
     */
    public static Tolerance fromScore() {
        return new Tolerance(Kind.SCORE, DEFAULT_FLOOR);
    }

    /**
     * The default with another floor: the variability score that applies, at most
     * {@link #DEFAULT_LIMIT}, at least {@code floor}.
     *
     * @param floor a fraction of the reference in [0, 1] (0.01 for ±1 %; 0 lets the score reach 0)
     * @return the tolerance
     * @throws IllegalArgumentException if the floor is outside [0, 1] or NaN
     */
    public static Tolerance fromScore(double floor) {
        return new Tolerance(Kind.SCORE, floor);
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
