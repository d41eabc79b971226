package org.triscale.engine.sequential;

import org.apache.commons.numbers.gamma.LogBeta;
import org.apache.commons.numbers.gamma.RegularizedBeta;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one-sided beta-binomial mixture boundary on the number of runs below a percentile (Howard,
 * Ramdas, McAuliffe and Sekhon 2021, Proposition 7), in its exact Bernoulli form.
 *
 * <p>Let B<sub>t</sub> be the number of the first t runs strictly below the true p-quantile ξ. Each
 * run adds a Bernoulli indicator with success probability at most p (exactly p for a continuous
 * distribution). For every θ ≥ p the likelihood ratio {@code (θ/p)^B · ((1−θ)/(1−p))^(t−B)} is then
 * a nonnegative supermartingale starting at 1, and so is its mixture
 * <pre>  m_t(B) = ∫_{θ≥p} (θ/p)^B ((1−θ)/(1−p))^(t−B) dπ(θ)</pre>
 * over a Beta(r·p, r·(1−p)) prior truncated to [p, 1]. By Ville's inequality (1939),
 * {@code P(∃t: m_t(B_t) ≥ 1/α) ≤ α}. Since m_t grows with B, the crossing is
 * {@code B_t ≥ rank(t)} with rank(t) the smallest b with {@code m_t(b) ≥ 1/α}: with probability at
 * least 1 − α, at every t at most rank(t) − 1 runs lie below ξ, so the rank(t)-th smallest run
 * (1-based) is at least ξ — at every t at once, whatever the stopping rule.
 *
 * <p>The prior's concentration follows Howard et al. (section 3.5): the one-sided normal mixture's
 * optimal ρ for the intrinsic time {@code v = p(1−p)·tunedFor}, mapped to the beta-binomial
 * parameters (r = ρ − p(1−p), at least 10⁻³·p(1−p)). The boundary is tightest around
 * {@code tunedFor} runs.
 *
 * <p>The ranks are integers, evaluated in double precision from the log-beta and regularised
 * incomplete beta functions (no real-valued root finding). They satisfy
 * {@code rank(t) ≤ rank(t+1) ≤ rank(t) + 1}: one more run below ξ multiplies the integrand by
 * θ/p ≥ 1, one more above by (1−θ)/(1−p) ≤ 1. Each new t therefore costs one evaluation.
 * The ranks depend on nothing but (p, α, tunedFor): {@link #of} shares one instance, and the ranks
 * it has computed, between all the series with the same settings.
 */
final class MixtureBoundary {
    /** How many boundaries {@link #of} keeps (least recently used first out). */
    private static final int SHARED = 64;
    private static final Map<List<Double>, MixtureBoundary> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Double>, MixtureBoundary> eldest) {
            return size() > SHARED;
        }
    };

    /**
     * Below this probability a count is dropped from the final look's dynamic programme; its mass
     * is counted as crossed, so that dropping can only make the final look stricter.
     */
    private static final double NEGLIGIBLE = 1e-30;

    private final double p;
    private final double logThreshold;
    private final double a0;
    private final double b0;
    private final double logNormaliser;
    /** ranks[t] for t = 0 .. computed; rank t + 1 means "not reached at t". */
    private int[] ranks = {1};
    private int computed;

    /**
     * @param p        the quantile level in (0, 1)
     * @param alpha    the crossing probability in (0, 0.5)
     * @param tunedFor the number of runs the boundary is tightest for, ≥ 1
     */
    MixtureBoundary(double p, double alpha, int tunedFor) {
        this.p = p;
        this.logThreshold = -Math.log(alpha);
        double variance = p * (1 - p);
        double log2Alpha = Math.log(1 / (2 * alpha));
        double rho = variance * tunedFor / (2 * log2Alpha + Math.log(1 + 2 * log2Alpha));
        double r = Math.max(rho - variance, 1e-3 * variance) / variance;
        this.a0 = r * p;
        this.b0 = r * (1 - p);
        this.logNormaliser = LogBeta.value(a0, b0) + Math.log(RegularizedBeta.complement(p, a0, b0));
    }

    /**
     * The shared boundary for these settings.
     *
     * @param p        the quantile level in (0, 1)
     * @param alpha    the crossing probability in (0, 0.5)
     * @param tunedFor the number of runs the boundary is tightest for, ≥ 1
     * @return the boundary
     */
    static MixtureBoundary of(double p, double alpha, int tunedFor) {
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(List.of(p, alpha, (double) tunedFor),
                    key -> new MixtureBoundary(p, alpha, tunedFor));
        }
    }

    /**
     * The 1-based rank of the order statistic that bounds the quantile from above after t runs.
     *
     * @param t number of runs, ≥ 0
     * @return the rank, {@code t + 1} when no order statistic bounds it yet
     */
    synchronized int rank(int t) {
        while (computed < t) {
            int next = computed + 1;
            int previous = ranks[computed];
            // rank(next) is previous or previous + 1; previous is a valid candidate only when ≤ next.
            int candidate = previous <= next && logMixture(next, previous) >= logThreshold ? previous : previous + 1;
            if (next >= ranks.length) {
                ranks = Arrays.copyOf(ranks, Math.max(16, 2 * ranks.length));
            }
            ranks[next] = candidate;
            computed = next;
        }
        return ranks[t];
    }

    /**
     * The rank at t without caching the ranks in between: a bisection on b, for predictions far
     * beyond the runs so far.
     *
     * @param t number of runs, ≥ 1
     * @return the rank, {@code t + 1} when no order statistic bounds the quantile at t
     */
    synchronized int rankAt(int t) {
        if (t <= computed) {
            return ranks[t];
        }
        if (logMixture(t, t) < logThreshold) {
            return t + 1;
        }
        // For b ≤ p·t every likelihood ratio with θ ≥ p is at most 1, so m_t(b) ≤ 1 < 1/α.
        int below = (int) Math.floor(p * t);
        int at = t;
        while (at - below > 1) {
            int mid = (int) (((long) below + at) >>> 1);
            if (logMixture(t, mid) >= logThreshold) {
                at = mid;
            } else {
                below = mid;
            }
        }
        return at;
    }

    /**
     * The rank of the last look of a series that ends undecided after {@code n} runs: the smallest
     * k such that, for Bernoulli(p) counts, reaching the boundary at some t &lt; n or having at
     * least k of n below at the end has probability at most α. A series that was looked at after
     * every run and then judged by the fixed-N order statistic of this rank keeps its error at
     * most α in total, exactly, rather than the α of the boundary plus the α of a last fixed-N look
     * (union bound).
     *
     * <p>The probability is computed exactly by dynamic programming over the count (absorbing at the
     * boundary), in O(n^1.5): counts below the band in which the mass lives (probability &lt;
     * 10⁻³⁰ each) are dropped and their mass counted as crossed, which can only raise the rank.
     * The boundary holds at every t with probability ≥ 1 − α (Ville 1939), so the last look's rank is
     * never above {@code rank(n)}.
     *
     * @param alpha the total error, the boundary's crossing probability
     * @param n     the series' runs, ≥ 1
     * @return the rank in [1, n + 1]; {@code n + 1} when no order statistic is strict enough
     */
    synchronized int lastLookRank(double alpha, int n) {
        double[] mass = new double[n + 2];
        mass[0] = 1;
        double crossed = 0;
        int low = 0;
        int high = 0;
        for (int t = 1; t <= n; t++) {
            // One more run, below the percentile with probability p.
            for (int c = high + 1; c > low; c--) {
                mass[c] = mass[c] * (1 - p) + mass[c - 1] * p;
            }
            mass[low] *= 1 - p;
            high++;
            if (t == n) {
                break;
            }
            int boundary = rank(t);
            for (int c = boundary; c <= high; c++) {
                crossed += mass[c];
                mass[c] = 0;
            }
            high = Math.min(high, boundary - 1);
            while (low < high && mass[low] < NEGLIGIBLE) {
                crossed += mass[low];
                mass[low++] = 0;
            }
        }
        int k = n + 1;
        double tail = crossed;
        for (int c = high; c >= low && tail + mass[c] <= alpha; c--) {
            tail += mass[c];
            k = c;
        }
        return k;
    }

    /** log m_t(b). */
    double logMixture(int t, int b) {
        double a = a0 + b;
        double c = b0 + t - b;
        double upperMass = RegularizedBeta.complement(p, a, c);
        if (upperMass <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return LogBeta.value(a, c) + Math.log(upperMass) - logNormaliser - b * Math.log(p) - (t - b) * Math.log1p(-p);
    }
}
