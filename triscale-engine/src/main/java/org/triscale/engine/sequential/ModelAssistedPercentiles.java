package org.triscale.engine.sequential;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Percentiles estimated with auxiliary variables whose distribution a cheap first phase measures:
 * two-phase sampling (Neyman 1938) with a model-assisted difference estimator of the distribution
 * function (Rao, Kovar and Mantel 1990; Särndal, Swensson and Wretman 1992, ch. 6 and 9).
 *
 * <p>A linear model {@code y ≈ β₀ + β·x} with normal residuals of spread σ is fitted by least
 * squares to the chosen rows; it predicts {@code m(x, t) = Φ((t − β₀ − β·x) / σ)}, the probability
 * that a value with auxiliaries x is at most t. The distribution function is estimated by
 * <pre>  F̂(t) = mean over the first phase of m(x, t) + mean over the values of (1{y ≤ t} − m(x, t))</pre>
 * The first term carries what the auxiliaries predict, measured on the large first phase; the
 * second corrects it with the values themselves, so the estimate stays consistent however wrong the
 * model is: the model only decides how much of the sampling error is removed, not where the
 * estimate is centred. With a useless model it is the empirical distribution function. The model
 * may be fitted to a subset of the rows (for example the large flows, for a tail percentile): a
 * model that is right where the percentile is removes the most error, and fitting it to the same
 * values costs only a second-order term (Breidt and Opsomer 2017).
 *
 * <p>The percentile is the root of {@code F̂(t) = p}, found by bisection (F̂ is not quite monotone:
 * the correction term steps). Its interval inverts a normal interval for F at the percentile
 * (Woodruff 1952): the standard error of F̂ there adds the first phase's share,
 * {@code Var(m(x, t̂)) / M}, to the values' share, estimated by a delete-a-group jackknife over
 * independent clusters such as runs (flows of one run are not independent; Kott 2001), at most 20
 * groups of clusters, each replicate refitting the model so that its sampling error counts too.
 * The ends are the roots at {@code p ∓ 1.15·t·se}, with Student's t of one degree of freedom fewer
 * than the groups and a small-sample widening of 1.15 ({@link #WIDENING}, fixed by Monte Carlo).
 * Values with ties (a discrete metric) are outside the promise: the model smooths F̂ between the
 * tied values, and the 90 % interval of P50 covered 45–85 % of the time at 40 to 80 clusters. When the first phase's rows come in clusters (the flows of one run share its
 * workload), pass them: the first phase's share is then the between-cluster variance of its
 * cluster sums (Cochran 1977); treated as independent rows it undercovers (P50 at 90 %: 89 %
 * instead of 94 %, and 83.8 % in an independent trial). The interval is asymptotic, as for {@link WeightedPercentiles}; its measured coverage
 * is in the adaptive-runs documentation. An end beyond the smallest or the largest value is left
 * open, since no value backs it.
 *
 * <p>The first phase's term counts the predictions more than 8.3 σ from t as 0 or 1 ({@code Φ}
 * is to double precision) and sums the others, exactly for a first phase of up to 10,000 rows,
 * by bins of σ/64 at their centroids beyond (error below 10⁻⁴, see {@code Bins}), so that an
 * estimate from hundreds of thousands of first-phase rows takes milliseconds. The least-squares
 * fit solves the normal equations of the centred variables (a handful of columns).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ModelAssistedPercentiles {
    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);
    /** Φ(−8.3) is below 10⁻¹⁶: beyond 8.3 σ a prediction counts as 0 or 1. */
    private static final double WINDOW = 8.3;
    private static final int BISECTIONS = 200;
    /** The most groups of the jackknife: each refits the model. */
    private static final int JACKKNIFE_GROUPS = 20;
    /**
     * The factor on the interval's half-width in probability, {@code p ± 1.15·t·se}: a small-sample
     * widening fixed by seeded Monte Carlo. With the plain {@code t·se} the 90 % interval of P50
     * covered 87–91 % at 40 clusters of 10 (skewed, heavy-tailed and AR(1) values; 87.3 % in an
     * independent trial), and as low as 88 % at 80; 1.15 brought every continuous cell of 10 to 80
     * clusters to at least 90 % within its Monte Carlo error (docs/checks-calibration.md). The
     * jackknife's variance of F̂ at the estimated percentile, not at the true one, is short by
     * about that much in these cells; asymptotically the factor only makes the interval conservative.
     */
    static final double WIDENING = 1.15;

    private ModelAssistedPercentiles() {
    }

    /**
     * Estimates a percentile and its interval from values, their auxiliary variables and a first
     * phase of auxiliary variables.
     *
     * @param values      the values (for example the logarithms of flow completion times); a row
     *                    whose value or auxiliary variable is NaN is dropped and counted
     * @param auxiliaries one row per value: its auxiliary variables (for example log size and log
     *                    processor-sharing sojourn time), at least one, finite or NaN
     * @param fitted      which rows the model is fitted to, or {@code null} for all
     * @param clusters    the independent cluster of each row (for example its run), or
     *                    {@code null} when every value is independent
     * @param firstPhase  rows of the same auxiliary variables drawn from the law the percentile
     *                    refers to (the first phase), finite, at least one
     * @param percentile  percentile in (0, 100)
     * @param confidence  confidence in percent, in (0, 100)
     * @param side        {@link Side#UPPER} or {@link Side#LOWER} for a one-sided bound at the
     *                    confidence, {@code null} for a two-sided interval
     * @return the estimate, its interval, the model and the effective sample size
     * @throws IllegalArgumentException if an argument is invalid; the message names it and the fix
     */
    public static ModelAssistedPercentile estimate(double[] values, double[][] auxiliaries, boolean[] fitted,
                                                   int[] clusters, double[][] firstPhase, double percentile,
                                                   double confidence, Side side) {
        return estimate(values, auxiliaries, fitted, clusters, firstPhase, null, percentile, confidence, side, true);
    }

    /**
     * As {@link #estimate(double[], double[][], boolean[], int[], double[][], double, double, Side)},
     * with the clusters of the first phase: rows of one cluster (the flows of one run, sharing its
     * workload) are not independent, and the first phase's share of the variance is then the
     * between-cluster variance of the cluster sums of {@code m(x, t̂)} (the ratio-mean variance of
     * cluster sampling, Cochran 1977, §9A.4 (ch. 9A), with the factor C/(C − 1)), not
     * {@code Var(m)/M}.
     *
     * @param values             the values; NaN drops a row
     * @param auxiliaries        one row of auxiliary variables per value
     * @param fitted             which rows the model is fitted to, or {@code null} for all
     * @param clusters           the independent cluster of each value, or {@code null}
     * @param firstPhase         the first phase's rows of auxiliary variables
     * @param firstPhaseClusters the cluster of each first-phase row (for example its run), or
     *                           {@code null} when the first-phase rows are independent
     * @param percentile         percentile in (0, 100)
     * @param confidence         confidence in percent, in (0, 100)
     * @param side               one-sided bound's side, or {@code null} for two-sided
     * @return the estimate, its interval, the model and the effective sample size
     * @throws IllegalArgumentException if an argument is invalid; the message names it and the fix
     */
    public static ModelAssistedPercentile estimate(double[] values, double[][] auxiliaries, boolean[] fitted,
                                                   int[] clusters, double[][] firstPhase, int[] firstPhaseClusters,
                                                   double percentile, double confidence, Side side) {
        return estimate(values, auxiliaries, fitted, clusters, firstPhase, firstPhaseClusters, percentile, confidence,
                side, true);
    }

    /** As the public method; {@code binned = false} sums the first phase exactly whatever its size (tests). */
    static ModelAssistedPercentile estimate(double[] values, double[][] auxiliaries, boolean[] fitted, int[] clusters,
                                            double[][] firstPhase, double percentile, double confidence, Side side,
                                            boolean binned) {
        return estimate(values, auxiliaries, fitted, clusters, firstPhase, null, percentile, confidence, side, binned);
    }

    private static ModelAssistedPercentile estimate(double[] values, double[][] auxiliaries, boolean[] fitted,
                                                    int[] clusters, double[][] firstPhase, int[] firstPhaseClusters,
                                                    double percentile, double confidence, Side side, boolean binned) {
        Arguments.samples("values", values);
        Arguments.notNull("auxiliaries", auxiliaries);
        Arguments.notNull("firstPhase", firstPhase);
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        int rows = values.length;
        if (auxiliaries.length != rows) {
            throw new IllegalArgumentException("auxiliaries must hold one row per value: " + rows + " values, "
                    + auxiliaries.length + " rows");
        }
        if (fitted != null && fitted.length != rows) {
            throw new IllegalArgumentException("fitted must flag each of the " + rows + " values, got "
                    + fitted.length + " flags; pass null to fit the model to every value");
        }
        if (clusters != null && clusters.length != rows) {
            throw new IllegalArgumentException("clusters must give the cluster of each of the " + rows
                    + " values, got " + clusters.length + "; pass null when the values are independent");
        }
        if (firstPhaseClusters != null && firstPhaseClusters.length != firstPhase.length) {
            throw new IllegalArgumentException("firstPhaseClusters must give the cluster of each of the "
                    + firstPhase.length + " first-phase rows, got " + firstPhaseClusters.length
                    + "; pass null when the first-phase rows are independent");
        }
        if (firstPhase.length == 0) {
            throw new IllegalArgumentException("firstPhase holds no row; it must hold the auxiliary variables of"
                    + " many draws of the law the percentile refers to (e.g. thousands of simulated workloads)");
        }
        int k = firstPhase[0] == null ? 0 : firstPhase[0].length;
        if (k == 0) {
            throw new IllegalArgumentException("firstPhase[0] holds no auxiliary variable; give at least one per row");
        }
        for (int j = 0; j < firstPhase.length; j++) {
            checkRow("firstPhase", j, firstPhase[j], k, false);
        }
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            // Arguments.samples has rejected infinite values.
            if (checkRow("auxiliaries", i, auxiliaries[i], k, true) && !Double.isNaN(values[i])) {
                kept.add(i);
            }
        }
        int n = kept.size();
        int dropped = rows - n;
        double[] y = new double[n];
        double[][] x = new double[n][];
        boolean[] fit = new boolean[n];
        int[] cluster = new int[n];
        int fittedCount = 0;
        Map<Integer, Integer> clusterIndex = new HashMap<>();
        for (int r = 0; r < n; r++) {
            int i = kept.get(r);
            y[r] = values[i];
            x[r] = auxiliaries[i];
            fit[r] = fitted == null || fitted[i];
            fittedCount += fit[r] ? 1 : 0;
            int key = clusters == null ? i : clusters[i];
            Integer index = clusterIndex.putIfAbsent(key, clusterIndex.size());
            cluster[r] = index == null ? clusterIndex.size() - 1 : index;
        }
        boolean[] all = new boolean[n];
        Arrays.fill(all, true);
        Model model = fit(y, x, fit, all, firstPhase, k, binned);
        double p = percentile / 100;
        double estimate = model.root(p);
        int groups = Math.min(clusterIndex.size(), JACKKNIFE_GROUPS);
        double se = standardError(model, estimate, y, x, fit, cluster, groups, firstPhase, firstPhaseClusters, k,
                binned);
        double lower = Double.NEGATIVE_INFINITY;
        double upper = Double.POSITIVE_INFINITY;
        if (Double.isFinite(se)) {
            // Student's t with one degree of freedom fewer than the jackknife's groups, from which
            // the variance is estimated (Kott 2001; z for many groups).
            double z = TDistribution.of(groups - 1).inverseCumulativeProbability(side == null
                    ? (1 + confidence / 100) / 2 : confidence / 100);
            double min = Arrays.stream(y).min().orElseThrow();
            double max = Arrays.stream(y).max().orElseThrow();
            double half = WIDENING * z * se;
            if (side != Side.UPPER && p - half > 0) {
                double end = model.root(p - half);
                lower = end <= min ? Double.NEGATIVE_INFINITY : end;
            }
            if (side != Side.LOWER && p + half < 1) {
                double end = model.root(p + half);
                upper = end >= max ? Double.POSITIVE_INFINITY : end;
            }
        }
        List<Double> coefficients = new ArrayList<>();
        for (double b : model.beta) {
            coefficients.add(b);
        }
        double effective = Double.isFinite(se) && se > 0 ? p * (1 - p) / (se * se) : Double.NaN;
        return new ModelAssistedPercentile(estimate, lower, upper, percentile, confidence, n, dropped,
                clusterIndex.size(), fittedCount, coefficients, model.sigma, effective);
    }

    /**
     * Fits the model to the rows flagged in both {@code fit} and {@code use}, and builds the
     * estimate of the distribution function from the rows in {@code use}.
     *
     * @throws IllegalArgumentException if the rows used cannot fit the model
     */
    private static Model fit(double[] y, double[][] x, boolean[] fit, boolean[] use, double[][] firstPhase, int k,
                             boolean binned) {
        int rows = 0;
        int fitted = 0;
        boolean[] fitUsed = new boolean[y.length];
        for (int r = 0; r < y.length; r++) {
            fitUsed[r] = use[r] && fit[r];
            rows += use[r] ? 1 : 0;
            fitted += fitUsed[r] ? 1 : 0;
        }
        if (fitted < k + 2) {
            throw new IllegalArgumentException("the model of " + k + " auxiliary variable" + (k == 1 ? "" : "s")
                    + " needs at least " + (k + 2) + " fitted values without NaN, got " + fitted
                    + "; flag more rows in fitted, or record more values");
        }
        double[] beta = leastSquares(x, y, fitUsed, k);
        double rss = 0;
        for (int r = 0; r < y.length; r++) {
            if (fitUsed[r]) {
                double e = y[r] - predict(beta, x[r]);
                rss += e * e;
            }
        }
        double sigma = Math.sqrt(rss / (fitted - k - 1));
        double[] values = new double[rows];
        double[] eta = new double[rows];
        for (int r = 0, i = 0; r < y.length; r++) {
            if (use[r]) {
                values[i] = y[r];
                eta[i++] = predict(beta, x[r]);
            }
        }
        double[] phase = new double[firstPhase.length];
        for (int j = 0; j < phase.length; j++) {
            phase[j] = predict(beta, firstPhase[j]);
        }
        return new Model(values, eta, phase, beta, sigma, binned);
    }

    /**
     * The standard error of F̂ at t: a delete-a-group jackknife over groups of clusters (Kott
     * 2001), each replicate refitting the model, so that the model's own sampling error counts,
     * plus the first phase's share {@code Var(m(x, t)) / M}. NaN with fewer than two groups.
     */
    private static double standardError(Model model, double t, double[] y, double[][] x, boolean[] fit,
                                        int[] cluster, int groups, double[][] firstPhase, int[] firstPhaseClusters,
                                        int k, boolean binned) {
        if (groups < 2) {
            return Double.NaN;
        }
        double[] replicate = new double[groups];
        double mean = 0;
        boolean[] use = new boolean[y.length];
        for (int g = 0; g < groups; g++) {
            for (int r = 0; r < y.length; r++) {
                use[r] = cluster[r] % groups != g;
            }
            Model without;
            try {
                without = fit(y, x, fit, use, firstPhase, k, binned);
            } catch (IllegalArgumentException e) {
                // A group holding most of the fitted rows: no replicate without it, no interval.
                return Double.NaN;
            }
            replicate[g] = without.distribution(t);
            mean += replicate[g] / groups;
        }
        double jackknife = 0;
        for (double v : replicate) {
            jackknife += (v - mean) * (v - mean);
        }
        jackknife *= (groups - 1.0) / groups;
        double first;
        if (firstPhaseClusters == null) {
            double[] moments = model.firstPhase(t);
            first = Math.max(0, moments[1] - moments[0] * moments[0]) / firstPhase.length;
        } else {
            first = clusteredFirstPhaseVariance(model, t, firstPhase, firstPhaseClusters);
        }
        return Math.sqrt(jackknife + first);
    }

    /**
     * The variance of the first phase's mean of {@code m(x, t)} when its rows come in clusters:
     * {@code C/(C − 1) · Σ_c (S_c − n_c·m̄)² / M²}, S_c the sum of m over cluster c of n_c rows
     * (Cochran 1977, the ratio mean of cluster samples); the independent-rows variance with one
     * cluster, where the clusters cannot be told apart.
     */
    private static double clusteredFirstPhaseVariance(Model model, double t, double[][] firstPhase, int[] clusters) {
        int rows = firstPhase.length;
        double[] m = new double[rows];
        double mean = 0;
        for (int j = 0; j < rows; j++) {
            m[j] = model.sigma == 0 ? (predict(model.beta, firstPhase[j]) <= t ? 1 : 0)
                    : STANDARD.cumulativeProbability((t - predict(model.beta, firstPhase[j])) / model.sigma);
            mean += m[j] / rows;
        }
        Map<Integer, double[]> sums = new HashMap<>();
        for (int j = 0; j < rows; j++) {
            double[] sum = sums.computeIfAbsent(clusters[j], key -> new double[1]);
            sum[0] += m[j] - mean;
        }
        int count = sums.size();
        if (count < 2) {
            double squares = 0;
            for (double v : m) {
                squares += (v - mean) * (v - mean);
            }
            return squares / rows / rows;
        }
        double squares = 0;
        for (double[] sum : sums.values()) {
            squares += sum[0] * sum[0];
        }
        return count / (count - 1.0) * squares / ((double) rows * rows);
    }

    /** Checks one row of auxiliaries; returns false when it holds a NaN and NaN drops it. */
    private static boolean checkRow(String name, int index, double[] row, int k, boolean nanDrops) {
        if (row == null || row.length != k) {
            throw new IllegalArgumentException(name + "[" + index + "] holds " + (row == null ? "null" : row.length
                    + " auxiliary variables") + "; every row must hold the " + k + " of firstPhase[0]");
        }
        for (int c = 0; c < k; c++) {
            if (Double.isNaN(row[c]) && nanDrops) {
                return false;
            }
            if (!Double.isFinite(row[c])) {
                throw new IllegalArgumentException(name + "[" + index + "][" + c + "] is " + row[c]
                        + "; auxiliary variables must be finite" + (nanDrops ? " (NaN drops the row)" : ""));
            }
        }
        return true;
    }

    private static double predict(double[] beta, double[] x) {
        double sum = beta[0];
        for (int c = 0; c < x.length; c++) {
            sum += beta[c + 1] * x[c];
        }
        return sum;
    }

    /** Least squares on the fitted rows: the normal equations of the centred variables. */
    private static double[] leastSquares(double[][] x, double[] y, boolean[] fit, int k) {
        double[] meanX = new double[k];
        double meanY = 0;
        int m = 0;
        for (int r = 0; r < y.length; r++) {
            if (fit[r]) {
                m++;
                meanY += (y[r] - meanY) / m;
                for (int c = 0; c < k; c++) {
                    meanX[c] += (x[r][c] - meanX[c]) / m;
                }
            }
        }
        double[][] a = new double[k][k + 1];
        for (int r = 0; r < y.length; r++) {
            if (!fit[r]) {
                continue;
            }
            for (int i = 0; i < k; i++) {
                double xi = x[r][i] - meanX[i];
                for (int j = 0; j < k; j++) {
                    a[i][j] += xi * (x[r][j] - meanX[j]);
                }
                a[i][k] += xi * (y[r] - meanY);
            }
        }
        double[] scale = new double[k];
        for (int i = 0; i < k; i++) {
            scale[i] = a[i][i];
        }
        for (int c = 0; c < k; c++) {
            int pivot = c;
            for (int r = c + 1; r < k; r++) {
                if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) {
                    pivot = r;
                }
            }
            double[] swap = a[c];
            a[c] = a[pivot];
            a[pivot] = swap;
            // A pivot that vanishes next to its column's spread: the column is a combination of others.
            if (!(Math.abs(a[c][c]) > 1e-12 * Math.max(Arrays.stream(scale).max().orElse(0), Double.MIN_NORMAL))) {
                throw new IllegalArgumentException("the auxiliary variables are constant or collinear on the fitted"
                        + " rows; drop the redundant variable or fit the model to rows where they vary");
            }
            for (int r = 0; r < k; r++) {
                if (r != c) {
                    double f = a[r][c] / a[c][c];
                    for (int j = c; j <= k; j++) {
                        a[r][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[] beta = new double[k + 1];
        beta[0] = meanY;
        for (int i = 0; i < k; i++) {
            beta[i + 1] = a[i][k] / a[i][i];
            beta[0] -= beta[i + 1] * meanX[i];
        }
        return beta;
    }

    /** The fitted model's estimate of the distribution function. */
    private static final class Model {
        private final double[] y;
        private final double[] eta;
        private final double[] phase;
        private final double[] beta;
        private final double sigma;
        private final double low;
        private final double high;
        private final Bins bins;

        Model(double[] y, double[] eta, double[] phase, double[] beta, double sigma, boolean binned) {
            this.y = y;
            this.eta = eta;
            this.phase = phase;
            this.beta = beta;
            this.sigma = sigma;
            double first = Double.POSITIVE_INFINITY;
            double last = Double.NEGATIVE_INFINITY;
            for (double v : phase) {
                first = Math.min(first, v);
                last = Math.max(last, v);
            }
            double span = (last - first) / (sigma / 64);
            // Binning pays when the first phase is large; a tiny σ would need too many bins.
            this.bins = binned && sigma > 0 && phase.length > 10_000 && span < (1 << 22) ? new Bins(first, (int) span + 1)
                    : null;
            if (bins == null) {
                Arrays.sort(phase);
            }
            double min = Math.min(first, Arrays.stream(y).min().orElseThrow());
            double max = Math.max(last, Arrays.stream(y).max().orElseThrow());
            for (double e : eta) {
                min = Math.min(min, e);
                max = Math.max(max, e);
            }
            // Below every value and prediction F̂ is 0, above them 1: a bracket for every level.
            double margin = WINDOW * sigma + Math.max(1e-9 * Math.max(Math.abs(min), Math.abs(max)), 1e-300);
            this.low = min - margin;
            this.high = max + margin;
        }

        /** m(η, t): the model's probability that a value predicted at η is at most t. */
        private double m(double prediction, double t) {
            if (sigma == 0) {
                return prediction <= t ? 1 : 0;
            }
            double u = (t - prediction) / sigma;
            return u <= -WINDOW ? 0 : u >= WINDOW ? 1 : STANDARD.cumulativeProbability(u);
        }

        /** The first phase's mean of m and of m² at t. */
        private double[] firstPhase(double t) {
            if (sigma == 0) {
                double atMost = firstAbove(phase, Math.nextUp(t)) / (double) phase.length;
                return new double[] {atMost, atMost};
            }
            if (bins != null) {
                return bins.moments(t);
            }
            int from = firstAbove(phase, t - WINDOW * sigma);
            int to = firstAbove(phase, t + WINDOW * sigma);
            // Predictions from 'to' on are ≥ t + 8.3 σ (m = 0); before 'from' they are < t − 8.3 σ (m = 1).
            double sum = from;
            double squares = from;
            for (int j = from; j < to; j++) {
                double v = m(phase[j], t);
                sum += v;
                squares += v * v;
            }
            return new double[] {sum / phase.length, squares / phase.length};
        }

        /**
         * The first phase's predictions in bins of width σ/64, each summed at its centroid: the
         * first-order terms of a bin cancel, and the second-order ones bound the error of the mean
         * of m by ½·max|φ'|/64² ≈ 3·10⁻⁵ (of m² by about 6·10⁻⁵), far below the sampling error of
         * a percentile. It makes an evaluation cost a thousand bins instead of every prediction
         * within 8.3 σ.
         */
        private final class Bins {
            private final double origin;
            private final double width;
            private final double[] count;
            private final double[] centroid;
            private final double[] below;

            Bins(double origin, int size) {
                this.origin = origin;
                this.width = sigma / 64;
                this.count = new double[size];
                this.centroid = new double[size];
                this.below = new double[size + 1];
                for (double v : phase) {
                    int b = index(v);
                    count[b]++;
                    centroid[b] += v;
                }
                for (int b = 0; b < size; b++) {
                    centroid[b] = count[b] == 0 ? 0 : centroid[b] / count[b];
                    below[b + 1] = below[b] + count[b];
                }
            }

            private int index(double v) {
                return (int) Math.min(count.length - 1, Math.max(0, Math.floor((v - origin) / width)));
            }

            double[] moments(double t) {
                // Bins before 'from' hold predictions < t − 8.3 σ (m = 1), after 'to' ≥ t + 8.3 σ (m = 0).
                int from = index(t - WINDOW * sigma);
                int to = index(t + WINDOW * sigma);
                double sum = below[from];
                double squares = below[from];
                for (int b = from; b <= to; b++) {
                    if (count[b] > 0) {
                        double v = m(centroid[b], t);
                        sum += count[b] * v;
                        squares += count[b] * v * v;
                    }
                }
                return new double[] {sum / phase.length, squares / phase.length};
            }
        }

        double distribution(double t) {
            double correction = 0;
            for (int r = 0; r < y.length; r++) {
                correction += (y[r] <= t ? 1 : 0) - m(eta[r], t);
            }
            return firstPhase(t)[0] + correction / y.length;
        }

        /** The smallest t found by bisection with F̂(t) ≥ level. */
        double root(double level) {
            double lo = low;
            double hi = high;
            // To a relative precision of 10⁻¹⁰ of the bracket: far below any sampling error.
            double tolerance = 1e-10 * (high - low);
            for (int i = 0; i < BISECTIONS && hi - lo > tolerance; i++) {
                double mid = lo + (hi - lo) / 2;
                if (distribution(mid) >= level) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return hi;
        }

        /** The number of sorted values below x (the first index whose value is ≥ x). */
        private static int firstAbove(double[] sorted, double x) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] < x) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }
}
