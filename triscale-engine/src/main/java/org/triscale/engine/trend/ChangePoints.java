package org.triscale.engine.trend;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a history of values (one KPI per build) by E-divisive means (Matteson and
 * James 2014, "A nonparametric approach for multiple change point analysis of multivariate
 * data", JASA 109(505)), the method of MongoDB's performance CI (Daly et al. 2020, "The Use of
 * Change Point Detection to Identify Software Performance Regressions in a Continuous
 * Integration System", ICPE) and of Apache Otava (formerly Hunter, Fleming et al. 2023), with a
 * null distribution that allows for serial correlation between builds and a confirmation over
 * looks.
 *
 * <p>For a segment {@code x_1..x_n} and a split {@code τ}, the divergence is the energy distance
 * between the two parts scaled by their sizes:
 * {@code Q(τ) = τ(n−τ)/n · (2/(τ(n−τ)) Σ|x_i − y_j| − Σ_{i<k}|x_i − x_k|/C(τ,2) − Σ_{j<l}|y_j − y_l|/C(n−τ,2))}
 * (exponent α = 1). The split with the largest {@code Q} over every current segment is tested;
 * when significant, it divides its segment and the search goes on (hierarchical bisection); it
 * stops at the first split that is not. Histories shorter than {@value #MIN_HISTORY} values are
 * not searched.
 *
 * <p><b>Serial correlation.</b> Build histories are rarely independent: a test bed drifts, and a
 * permutation test that shuffles the values treats a slow wander as a change (AR(1) histories of
 * φ = 0.6 showed a false point in 23–52 % of 30–40 build histories). The test therefore compares
 * {@code Q} with its distribution under a stationary AR(1) null, by a sieve bootstrap (Bühlmann
 * 1997, "Sieve bootstrap for time series", Bernoulli 3(2)): φ is estimated by the lag-1
 * autocorrelation r of the values less a piecewise-constant fit (the two parts of the candidate
 * split, and the best least-squares split of either part), so that a real step, or a second one,
 * does not pass for dependence; as the fit's means also absorb part of a slow wander, r is biased
 * down by about {@code (5 + 13φ)/n} (measured by seeded Monte Carlo), so the null uses
 * {@code φ = (r + 5/n + √((1 − r²)/n)) / max(1/2, 1 − 13/n)}, the bias-corrected
 * estimate raised by one standard error, kept in [0, {@value #MAX_PHI}]. The values are
 * prewhitened with it
 * ({@code w_t = x_t − φ x_{t−1}}), and each replicate re-colours a random permutation of
 * {@code w} with the same φ. With φ estimated as 0 this is the plain permutation test of the
 * values, exact for exchangeable histories. The p-value is {@code (1 + #{Q* ≥ Q}) / (1 + R)};
 * the replicates stop as soon as the count shows it exceeds α (the decision is the one all
 * {@code R} replicates would give). The replicates come from a seeded generator, so the result is
 * deterministic.
 *
 * <p><b>Repeated looks.</b> A CI report recomputes the change points at every build: a false
 * point at any of the looks is a false alarm to its reader. {@link #confirmed} keeps a point only
 * when the analyses of the last {@code k} looks (the history and its prefixes without its last
 * one, two, … builds) all found it, within one build of the same place and with a change of the
 * same sign; a real step stays found once enough builds follow it, a chance point rarely survives
 * {@code k} looks. Its rate over 40-build stable streams and the builds a step needs to appear are
 * measured in docs/checks-calibration.md.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ChangePoints {
    /** Default significance of each split, at each look. */
    public static final double ALPHA = 0.01;
    /** Default replicates per test. */
    public static final int PERMUTATIONS = 199;
    /** Fewest values on each side of a change point. */
    public static final int MIN_SEGMENT = 3;
    /** Default looks that must all find a point before it is shown ({@link #confirmed}). */
    public static final int LOOKS = 3;
    /** The largest AR(1) coefficient the null distribution uses. */
    public static final double MAX_PHI = 0.95;
    /**
     * Fewest values a history needs before it is searched: below, a step cannot be told from
     * the wander of a serially correlated history (AR(1) φ = 0.6 gave false points at 8 builds).
     */
    public static final int MIN_HISTORY = 12;
    private static final double BIAS_OFFSET = 5;
    private static final double BIAS_SLOPE = 13;
    private static final int BURN_IN = 30;

    private ChangePoints() {
    }

    /**
     * A change point.
     *
     * @param index  the 1-based position in the history of the first value after the change
     * @param change the relative change of the mean, {@code (mean after − mean before) / |mean before|},
     *               the means over the segments that the neighbouring change points bound; NaN when
     *               the mean before is zero
     * @param pValue the test's p-value of the split (at the last look)
     */
    public record ChangePoint(int index, double change, double pValue) {
    }

    /**
     * How to look for change points.
     *
     * @param alpha        the significance of each split at each look, in (0, 1)
     * @param permutations replicates per test, at least 19
     * @param seed         seed of the replicates
     * @param looks        looks that must all find a point ({@link #confirmed}), at least 1; 1 is
     *                     the single analysis of the whole history
     */
    public record Settings(double alpha, int permutations, long seed, int looks) {
        /** The defaults: α = {@value #ALPHA}, {@value #PERMUTATIONS} replicates, seed 1, {@value #LOOKS} looks. */
        public static final Settings DEFAULT = new Settings(ALPHA, PERMUTATIONS, 1L, LOOKS);

        /**
         * Checks the ranges.
         *
         * @throws IllegalArgumentException naming the parameter out of range
         */
        public Settings {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha = " + alpha + " must be in (0, 1), e.g. 0.01");
            }
            if (permutations < 19) {
                throw new IllegalArgumentException("permutations = " + permutations
                        + " must be at least 19 (a p-value of 0.05 needs 19), e.g. 199");
            }
            if (looks < 1) {
                throw new IllegalArgumentException("looks = " + looks
                        + " must be at least 1 (1: the whole history once), e.g. " + LOOKS);
            }
        }

        /**
         * These settings with another number of looks.
         *
         * @param looks looks that must all find a point, at least 1
         * @return the new settings
         */
        public Settings withLooks(int looks) {
            return new Settings(alpha, permutations, seed, looks);
        }
    }

    /**
     * The change points a report shows: {@link #confirmed} with {@link Settings#DEFAULT}.
     *
     * @param values the history, oldest first, finite
     * @return the confirmed change points in history order, empty when there are fewer than
     *         {@value #MIN_HISTORY}{@code  + }{@value #LOOKS}{@code  − 1} values
     */
    public static List<ChangePoint> detect(double[] values) {
        return confirmed(values, Settings.DEFAULT);
    }

    /**
     * Change points of one look at a history (no confirmation).
     *
     * @param values       the history, oldest first, finite
     * @param alpha        the significance of each split, in (0, 1)
     * @param permutations replicates per test, at least 19
     * @param seed         seed of the replicates
     * @return the change points in history order, empty below {@value #MIN_HISTORY} values
     * @throws IllegalArgumentException for a non-finite value or parameters out of range
     */
    public static List<ChangePoint> detect(double[] values, double alpha, int permutations, long seed) {
        Settings settings = new Settings(alpha, permutations, seed, 1);
        checkFinite(values);
        return look(values, settings);
    }

    /**
     * The change points found at each of the last {@code settings.looks()} looks: the history, then
     * the history without its last build, and so on; a point of the last look is kept when every
     * earlier of these looks found a point within one build of it with a change of the same sign.
     *
     * @param values   the history, oldest first, finite
     * @param settings how to look
     * @return the confirmed change points in history order (index, change and p-value of the last look)
     * @throws IllegalArgumentException for a null argument or a non-finite value
     */
    public static List<ChangePoint> confirmed(double[] values, Settings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings = null: pass ChangePoints.Settings.DEFAULT");
        }
        checkFinite(values);
        List<ChangePoint> kept = new ArrayList<>(look(values, settings));
        for (int back = 1; back < settings.looks() && !kept.isEmpty(); back++) {
            List<ChangePoint> earlier = look(Arrays.copyOf(values, values.length - back), settings);
            kept.removeIf(point -> earlier.stream().noneMatch(e -> Math.abs(e.index() - point.index()) <= 1
                    && Math.signum(e.change()) == Math.signum(point.change())));
        }
        return List.copyOf(kept);
    }

    private static void checkFinite(double[] values) {
        if (values == null) {
            throw new IllegalArgumentException("values = null: pass the history, oldest first");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("values[" + i + "] = " + values[i]
                        + " must be finite: leave builds without a KPI out of the history");
            }
        }
    }

    /** One look: hierarchical bisection with the AR(1)-aware test of each best split. */
    static List<ChangePoint> look(double[] values, Settings settings) {
        if (values.length < MIN_HISTORY) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(settings.seed());
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
                double[] q = maxDivergence(Arrays.copyOfRange(values, start, end));
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
            double p = pValue(Arrays.copyOfRange(values, bestStart, end), bestSplit - bestStart, best, settings,
                    random);
            if (p > settings.alpha()) {
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
     * The p-value of the largest divergence {@code q} of a segment split at {@code split}, under a
     * stationary AR(1) null (a plain permutation test when φ is estimated as 0); NaN-free. Stops as
     * soon as the count of replicates at least as large shows p &gt; α, returning 1 then.
     */
    private static double pValue(double[] segment, int split, double q, Settings settings, SplittableRandom random) {
        double phi = phi(segment, split);
        int n = segment.length;
        double[] innovations;
        if (phi == 0) {
            innovations = segment.clone();
        } else {
            innovations = new double[n - 1];
            for (int t = 1; t < n; t++) {
                innovations[t - 1] = segment[t] - phi * segment[t - 1];
            }
        }
        int allowed = (int) Math.floor(settings.alpha() * (1 + settings.permutations()) - 1 + 1e-9);
        double[] replicate = new double[n];
        int exceed = 0;
        for (int r = 0; r < settings.permutations(); r++) {
            shuffle(innovations, random);
            if (phi == 0) {
                System.arraycopy(innovations, 0, replicate, 0, n);
            } else {
                // Start from the stationary level, run a burn-in from random innovations, then
                // re-colour the permutation; Q does not depend on the level.
                double level = 0;
                for (double w : innovations) {
                    level += w;
                }
                double y = level / innovations.length / (1 - phi);
                for (int b = 0; b < BURN_IN; b++) {
                    y = phi * y + innovations[random.nextInt(innovations.length)];
                }
                replicate[0] = phi * y + innovations[random.nextInt(innovations.length)];
                for (int t = 1; t < n; t++) {
                    replicate[t] = phi * replicate[t - 1] + innovations[t - 1];
                }
            }
            double[] star = maxDivergence(replicate);
            if (star != null && star[0] >= q * (1 - 1e-12)) {
                exceed++;
                if (exceed > allowed) {
                    return 1;
                }
            }
        }
        return (1.0 + exceed) / (1.0 + settings.permutations());
    }

    /**
     * The AR(1) coefficient the null distribution of a segment uses: the lag-1 autocorrelation r of
     * its values less a piecewise-constant fit (the parts before and after {@code split}, one of
     * them split again where least squares gains most), bias-corrected and
     * raised by one standard error (see the class comment), kept in [0, {@value #MAX_PHI}]; 0
     * without variation.
     */
    static double phi(double[] x, int split) {
        int n = x.length;
        // Segment bounds of the fit: the candidate split, and the best further split of either part
        // (least squares), so that a second step is not read as dependence either.
        int[] bounds = {0, split, n};
        double bestGain = 0;
        int extra = -1;
        for (int part = 0; part < 2; part++) {
            int from = bounds[part];
            int to = bounds[part + 1];
            double total = 0;
            for (int t = from; t < to; t++) {
                total += x[t];
            }
            double left = 0;
            for (int t = from; t < to - 1; t++) {
                left += x[t];
                int a = t + 1 - from;
                int b = to - t - 1;
                if (a < MIN_SEGMENT || b < MIN_SEGMENT) {
                    continue;
                }
                double meanLeft = left / a;
                double meanRight = (total - left) / b;
                double gain = (double) a * b / (a + b) * (meanLeft - meanRight) * (meanLeft - meanRight);
                if (gain > bestGain) {
                    bestGain = gain;
                    extra = t + 1;
                }
            }
        }
        int[] cuts = extra < 0 ? bounds : java.util.stream.IntStream.of(0, split, extra, n).sorted().toArray();
        double[] fitted = new double[n];
        for (int c = 0; c + 1 < cuts.length; c++) {
            double m = mean(x, cuts[c], cuts[c + 1]);
            Arrays.fill(fitted, cuts[c], cuts[c + 1], m);
        }
        double squares = 0;
        double lagged = 0;
        for (int t = 0; t < n; t++) {
            double e = x[t] - fitted[t];
            squares += e * e;
            if (t > 0 && fitted[t] == fitted[t - 1]) {
                lagged += e * (x[t - 1] - fitted[t - 1]);
            }
        }
        if (!(squares > 0)) {
            return 0;
        }
        double r = lagged / squares;
        // E[r] ≈ φ − (5 + 13φ)/n for the fit of an AR(1) history (seeded Monte Carlo, n = 12 to
        // 40, φ = 0 to 0.9): the segments' means absorb part of a slow wander. Inverted, and
        // raised by one standard error so that an underestimate rarely passes a wander for a step.
        double divisor = Math.max(0.5, 1 - BIAS_SLOPE / n);
        double corrected = (r + BIAS_OFFSET / n + Math.sqrt((1 - Math.min(r * r, 1)) / n)) / divisor;
        return Math.max(0, Math.min(MAX_PHI, corrected));
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
