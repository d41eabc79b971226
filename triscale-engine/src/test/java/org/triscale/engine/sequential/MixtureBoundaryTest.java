package org.triscale.engine.sequential;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.numeric.Binomial;

import static org.assertj.core.api.Assertions.assertThat;

class MixtureBoundaryTest {

    /**
     * Ranks from an independent computation: the mixture integral by adaptive quadrature of the
     * integrand (SciPy's quad), not the incomplete beta function.
     */
    @ParameterizedTest
    @CsvSource({
            "0.75, 0.25, 5, 1, 2", "0.75, 0.25, 5, 5, 6", "0.75, 0.25, 5, 10, 10", "0.75, 0.25, 5, 20, 19",
            "0.75, 0.25, 5, 50, 45", "0.75, 0.25, 5, 100, 86", "0.75, 0.25, 5, 200, 166",
            "0.95, 0.05, 59, 50, 51", "0.95, 0.05, 59, 100, 100", "0.95, 0.05, 59, 200, 198",
            "0.5, 0.1, 20, 10, 9", "0.5, 0.1, 20, 20, 16", "0.5, 0.1, 20, 50, 34", "0.5, 0.1, 20, 100, 64",
            "0.5, 0.1, 20, 200, 120",
            "0.1, 0.05, 29, 5, 4", "0.1, 0.05, 29, 10, 5", "0.1, 0.05, 29, 20, 7", "0.1, 0.05, 29, 50, 12",
            "0.1, 0.05, 29, 100, 20", "0.1, 0.05, 29, 200, 34"})
    void ranksMatchAnIndependentQuadrature(double p, double alpha, int tunedFor, int t, int expected) {
        MixtureBoundary boundary = new MixtureBoundary(p, alpha, tunedFor);
        assertThat(boundary.rank(t)).isEqualTo(expected);
        assertThat(new MixtureBoundary(p, alpha, tunedFor).rankAt(t)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"0.75, 0.25, 5", "0.95, 0.05, 59", "0.5, 0.1, 20", "0.1, 0.05, 29", "0.99, 0.05, 299"})
    void incrementalAndDirectRanksAgreeAndStepByAtMostOne(double p, double alpha, int tunedFor) {
        MixtureBoundary incremental = new MixtureBoundary(p, alpha, tunedFor);
        MixtureBoundary direct = new MixtureBoundary(p, alpha, tunedFor);
        int previous = incremental.rank(0);
        assertThat(previous).isEqualTo(1);
        for (int t = 1; t <= 600; t++) {
            int rank = incremental.rank(t);
            assertThat(rank - previous).isBetween(0, 1);
            assertThat(direct.rankAt(t)).as("t = %d", t).isEqualTo(rank);
            previous = rank;
        }
    }

    /**
     * The promise itself, computed exactly: the probability that a Binomial(t, p) path ever reaches
     * the boundary within T steps (dynamic programming over the count, absorbing at the boundary)
     * is at most α. A time-uniform boundary is also valid at each fixed t, so it can never be
     * tighter than Thompson's fixed-N bound.
     */
    @ParameterizedTest
    @CsvSource({"0.75, 0.25, 5", "0.75, 0.05, 50", "0.95, 0.05, 59", "0.5, 0.1, 20", "0.1, 0.05, 29",
            "0.9, 0.1, 200"})
    void crossingProbabilityIsAtMostAlphaExactly(double p, double alpha, int tunedFor) {
        MixtureBoundary boundary = new MixtureBoundary(p, alpha, tunedFor);
        int horizon = 1000;
        double[] alive = {1.0};
        double crossed = 0;
        for (int t = 1; t <= horizon; t++) {
            double[] next = new double[t + 1];
            for (int b = 0; b < alive.length; b++) {
                next[b] += alive[b] * (1 - p);
                next[b + 1] += alive[b] * p;
            }
            int rank = boundary.rank(t);
            for (int b = rank; b <= t; b++) {
                crossed += next[b];
                next[b] = 0;
            }
            alive = next;
            if (rank <= t && t % 25 == 0) {
                OrderStatisticInterval fixed = ThompsonBounds.indices(t, 100 * p, 100 * (1 - alpha),
                        IntervalKind.ONE_SIDED);
                assertThat(fixed.upperIndex()).as("fixed-N bound exists at t = %d", t).isPresent();
                assertThat(rank).as("t = %d", t).isGreaterThanOrEqualTo(fixed.upperIndex().getAsInt() + 1);
                // and the mixture rank is itself a valid fixed-t bound
                assertThat(Binomial.survival(t, p, rank - 1)).isLessThanOrEqualTo(alpha);
            }
        }
        assertThat(crossed).isLessThanOrEqualTo(alpha);
        // not vacuous: a real part of the error budget is spent
        assertThat(crossed).isGreaterThan(alpha / 20);
    }

    @Test
    void tuningMovesWhereTheBoundaryIsTightest() {
        MixtureBoundary early = new MixtureBoundary(0.75, 0.25, 5);
        MixtureBoundary late = new MixtureBoundary(0.75, 0.25, 500);
        assertThat(early.rank(8)).isLessThanOrEqualTo(8);
        assertThat(late.rank(8)).isGreaterThan(8);
        assertThat(late.rank(1000)).isLessThan(early.rank(1000));
    }

    @Test
    void seriesWithTheSameSettingsShareOneBoundary() {
        MixtureBoundary first = MixtureBoundary.of(0.75, 0.25, 5);
        assertThat(MixtureBoundary.of(0.75, 0.25, 5)).isSameAs(first);
        assertThat(MixtureBoundary.of(0.75, 0.25, 6)).isNotSameAs(first);
        assertThat(MixtureBoundary.of(0.75, 0.25, 6).rank(300)).isEqualTo(new MixtureBoundary(0.75, 0.25, 6).rank(300));
    }

    /**
     * The last look of a series, checked against an enumeration of every sequence of below/above
     * outcomes: a false pass at any earlier run or at the last look has probability at most α,
     * and the next looser rank would exceed it (the last look is as loose as the budget allows).
     */
    @ParameterizedTest
    @CsvSource({"0.75, 0.25, 5, 12", "0.75, 0.25, 5, 18", "0.5, 0.1, 10, 16", "0.25, 0.25, 5, 17", "0.9, 0.1, 22, 18"})
    void lastLookKeepsTheTotalErrorAtAlphaByEnumeration(double p, double alpha, int tunedFor, int n) {
        MixtureBoundary boundary = new MixtureBoundary(p, alpha, tunedFor);
        int rank = boundary.lastLookRank(alpha, n);
        assertThat(totalError(boundary, p, n, rank)).isLessThanOrEqualTo(alpha);
        if (rank > 1) {
            assertThat(totalError(boundary, p, n, rank - 1)).isGreaterThan(alpha);
        }
        assertThat(rank).isLessThanOrEqualTo(boundary.rank(n));
    }

    /** P(the count reaches the boundary at some t &lt; n, or is ≥ rank at n), over all 2^n sequences. */
    private static double totalError(MixtureBoundary boundary, double p, int n, int rank) {
        double error = 0;
        for (int sequence = 0; sequence < 1 << n; sequence++) {
            int below = 0;
            boolean pass = false;
            for (int t = 1; t <= n && !pass; t++) {
                below += (sequence >> (t - 1)) & 1;
                pass = t < n ? below >= boundary.rank(t) : below >= rank;
            }
            if (pass) {
                int count = Integer.bitCount(sequence);
                error += Math.pow(p, count) * Math.pow(1 - p, n - count);
            }
        }
        return error;
    }

    /**
     * For long series the band of the dynamic programme is narrow; the rank is the one of the full
     * programme over every count, and lies between Thompson's fixed-N rank and the boundary's.
     */
    @ParameterizedTest
    @CsvSource({"0.75, 0.25, 57, 228", "0.9, 0.1, 160, 642", "0.5, 0.05, 103, 415", "0.99, 0.05, 299, 1500"})
    void lastLookOfLongSeriesMatchesTheFullProgramme(double p, double alpha, int tunedFor, int n) {
        MixtureBoundary boundary = new MixtureBoundary(p, alpha, tunedFor);
        int rank = boundary.lastLookRank(alpha, n);
        double[] alive = {1.0};
        double crossed = 0;
        for (int t = 1; t <= n; t++) {
            double[] next = new double[t + 1];
            for (int b = 0; b < alive.length; b++) {
                next[b] += alive[b] * (1 - p);
                next[b + 1] += alive[b] * p;
            }
            for (int b = t < n ? boundary.rank(t) : t + 1; b <= t; b++) {
                crossed += next[b];
                next[b] = 0;
            }
            alive = next;
        }
        double tail = crossed;
        int expected = n + 1;
        for (int b = n; b >= 0 && tail + alive[b] <= alpha; b--) {
            tail += alive[b];
            expected = b;
        }
        assertThat(rank).isEqualTo(expected);
        int thompson = ThompsonBounds.indices(n, 100 * p, 100 * (1 - alpha), IntervalKind.ONE_SIDED)
                .upperIndex().orElseThrow() + 1;
        assertThat(rank).isGreaterThan(thompson).isLessThanOrEqualTo(boundary.rank(n));
    }
}
