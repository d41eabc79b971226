package org.triscale.engine.trend;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a history of values (one KPI per build) by E-divisive means (Matteson and
 * James 2014, "A nonparametric approach for multiple change point analysis of multivariate
 * data", JASA 109(505)), the method of MongoDB's performance CI (Daly et al. 2020, "The Use of
 * Change Point Detection to Identify Software Performance Regressions in a Continuous
 * Integration System", ICPE) and of Apache Otava (formerly Hunter, Fleming et al. 2023).
 *
 * <p>For a segment {@code x_1..x_n} and a split {@code τ}, the divergence is the energy distance
 * between the two parts scaled by their sizes:
 * {@code Q(τ) = τ(n−τ)/n · (2/(τ(n−τ)) Σ|x_i − y_j| − Σ_{i<k}|x_i − x_k|/C(τ,2) − Σ_{j<l}|y_j − y_l|/C(n−τ,2))}
 * (exponent α = 1). The split with the largest {@code Q} over every current segment is tested by
 * a permutation test (its values shuffled within the segment, the statistic the maximum of
 * {@code Q} over splits; p = (1 + #{Q* ≥ Q}) / (1 + R)); when significant, it divides its segment
 * and the search goes on (hierarchical bisection); it stops at the first split that is not.
 * The permutations come from a seeded generator, so the result is deterministic.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ChangePoints {
    /** Default significance of each split. */
    public static final double ALPHA = 0.01;
    /** Default permutations per test. */
    public static final int PERMUTATIONS = 199;
    /** Fewest values on each side of a change point. */
    public static final int MIN_SEGMENT = 3;

    private ChangePoints() {
    }

    /**
     * A change point.
     *
     * @param index  the 1-based position in the history of the first value after the change
     * @param change the relative change of the mean, {@code (mean after − mean before) / |mean before|},
     *               the means over the segments that the neighbouring change points bound; NaN when
     *               the mean before is zero
     * @param pValue the permutation test's p-value of the split
     */
    public record ChangePoint(int index, double change, double pValue) {
    }

    /**
     * Change points with the defaults: α = {@value #ALPHA}, {@value #PERMUTATIONS} permutations,
     * seed 1.
     *
     * @param values the history, oldest first, finite
     * @return the change points in history order, empty when there are fewer than
     *         {@code 2 · }{@value #MIN_SEGMENT} values
     */
    public static List<ChangePoint> detect(double[] values) {
        return detect(values, ALPHA, PERMUTATIONS, 1L);
    }

    /**
     * Change points of a history.
     *
     * @param values       the history, oldest first, finite
     * @param alpha        the significance of each split, in (0, 1)
     * @param permutations permutations per test, at least 19
     * @param seed         seed of the permutations
     * @return the change points in history order
     * @throws IllegalArgumentException for a non-finite value or parameters out of range
     */
    public static List<ChangePoint> detect(double[] values, double alpha, int permutations, long seed) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha = " + alpha + " must be in (0, 1), e.g. 0.01");
        }
        if (permutations < 19) {
            throw new IllegalArgumentException("permutations = " + permutations
                    + " must be at least 19 (a p-value of 0.05 needs 19), e.g. 199");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("values[" + i + "] = " + values[i]
                        + " must be finite: leave builds without a KPI out of the history");
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> cuts = new ArrayList<>(List.of(0, values.length)); // segment bounds, 0-based exclusive ends
        List<Double> pValues = new ArrayList<>();
        List<Integer> found = new ArrayList<>();
        while (true) {
            int bestStart = -1;
            int bestSplit = -1;
            double best = 0;
            for (int s = 0; s + 1 < cuts.size(); s++) {
                int start = cuts.get(s);
                int end = cuts.get(s + 1);
                double[] segment = java.util.Arrays.copyOfRange(values, start, end);
                double[] q = maxDivergence(segment);
                if (q != null && q[0] > best) {
                    best = q[0];
                    bestStart = start;
                    bestSplit = start + (int) q[1];
                }
            }
            if (bestStart < 0) {
                break;
            }
            int end = cuts.get(cuts.indexOf(bestStart) + 1);
            double[] segment = java.util.Arrays.copyOfRange(values, bestStart, end);
            int exceed = 0;
            for (int r = 0; r < permutations; r++) {
                shuffle(segment, random);
                double[] q = maxDivergence(segment);
                if (q != null && q[0] >= best * (1 - 1e-12)) {
                    exceed++;
                }
            }
            double p = (1.0 + exceed) / (1.0 + permutations);
            if (p > alpha) {
                break;
            }
            found.add(bestSplit);
            pValues.add(p);
            cuts.add(bestSplit);
            cuts.sort(Comparator.naturalOrder());
        }
        List<ChangePoint> points = new ArrayList<>();
        for (int cut : cuts.subList(1, cuts.size() - 1)) {
            int at = cuts.indexOf(cut);
            double before = mean(values, cuts.get(at - 1), cut);
            double after = mean(values, cut, cuts.get(at + 1));
            double change = before == 0 ? Double.NaN : (after - before) / Math.abs(before);
            points.add(new ChangePoint(cut + 1, change, pValues.get(found.indexOf(cut))));
        }
        return points;
    }

    /**
     * The largest divergence {@code Q(τ)} over splits with at least {@value #MIN_SEGMENT} values on
     * each side, and its split τ (values before it); null when the segment is too short.
     */
    static double[] maxDivergence(double[] x) {
        int n = x.length;
        if (n < 2 * MIN_SEGMENT) {
            return null;
        }
        // Start with τ = 1 and move one value at a time from the right part to the left: O(n²).
        double within1 = 0;
        double within2 = 0;
        double between = 0;
        for (int j = 1; j < n; j++) {
            between += Math.abs(x[0] - x[j]);
            for (int l = j + 1; l < n; l++) {
                within2 += Math.abs(x[j] - x[l]);
            }
        }
        double best = Double.NEGATIVE_INFINITY;
        int split = -1;
        for (int tau = 1; tau <= n - MIN_SEGMENT; tau++) {
            if (tau > 1) {
                int moved = tau - 1; // x[moved] goes from the right part to the left
                double toLeft = 0;
                double toRight = 0;
                for (int i = 0; i < moved; i++) {
                    toLeft += Math.abs(x[i] - x[moved]);
                }
                for (int j = moved + 1; j < n; j++) {
                    toRight += Math.abs(x[moved] - x[j]);
                }
                within1 += toLeft;
                within2 -= toRight;
                between += toRight - toLeft;
            }
            if (tau < MIN_SEGMENT) {
                continue;
            }
            int m = n - tau;
            double q = (double) tau * m / n * (2 * between / ((double) tau * m)
                    - within1 / (tau * (tau - 1) / 2.0) - within2 / (m * (m - 1) / 2.0));
            if (q > best) {
                best = q;
                split = tau;
            }
        }
        return new double[] {best, split};
    }

    private static void shuffle(double[] x, SplittableRandom random) {
        for (int i = x.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }

    private static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }
}
