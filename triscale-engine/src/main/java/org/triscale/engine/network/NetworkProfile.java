package org.triscale.engine.network;

import org.apiguardian.api.API;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.trend.ConvergenceResult;

import java.util.List;
import java.util.Objects;

/**
 * The profile of a test bed's link quality, made by {@link NetworkProfiling#profile}: is the
 * link quality stationary and independent over the profiling span, and which seasonal periods does
 * it have, so that the runs of a series can be spread over them (Jacob et al., "TriScale: A
 * Framework Supporting Reproducible Performance Evaluations in Networking", 2021).
 *
 * <p>Lags count samples: lag k is k times the interval between two link-quality samples (2 h in
 * TriScale's example data, where lag 12 is a day).
 *
 * @param mode            which independence check ran: TriScale's autocorrelation band or Ljung–Box
 * @param values          number of values profiled (NaN values included, replaced)
 * @param replacedNaN     number of NaN values replaced by {@code replacement} before the
 *                        autocorrelation (the trend test drops them instead)
 * @param replacement     the median of the other values, or NaN when no value was replaced
 * @param convergence     TriScale's convergence test of the series (95 % confidence, 5 % tolerance)
 * @param independence    the independence check of {@code mode}
 * @param band            half-width of TriScale's band 1.96/√n: one autocorrelation outside it is
 *                        significant at about 5 % on its own
 * @param autocorrelation sample autocorrelation at lags 0 .. n−1, normalised to 1 at lag 0 (0
 *                        everywhere for constant values), unmodifiable
 * @param lagsOutsideBand lags k ≥ 1 with |r_k| ≥ {@code band}, ascending, unmodifiable
 * @param peaks           local maxima of the autocorrelation at least twice the band, lags 2 .. n/2,
 *                        ascending, unmodifiable
 * @param seasonalPeriods the lags of the peaks that stand above the peaks next to them (the
 *                        repeats of a period at its multiples fall off and are left out), ascending,
 *                        unmodifiable
 * @param guidance        how to spread the runs of a series, one or two sentences
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public record NetworkProfile(Mode mode, int values, int replacedNaN, double replacement, ConvergenceResult convergence,
                             CheckResult independence, double band, List<Double> autocorrelation,
                             List<Integer> lagsOutsideBand, List<Peak> peaks, List<Integer> seasonalPeriods,
                             String guidance) {

    /** Copies the lists (the record is immutable) and checks that every part is present. */
    public NetworkProfile {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(convergence, "convergence");
        Objects.requireNonNull(independence, "independence");
        autocorrelation = List.copyOf(autocorrelation);
        lagsOutsideBand = List.copyOf(lagsOutsideBand);
        peaks = List.copyOf(peaks);
        seasonalPeriods = List.copyOf(seasonalPeriods);
        Objects.requireNonNull(guidance, "guidance");
    }

    /**
     * Whether the link quality appears i.i.d.: the convergence test and the independence check
     * both passed, so no seasonal component needs accounting for.
     *
     * @return {@code true} when both checks passed
     */
    public boolean iid() {
        return convergence.converged() && independence.passed();
    }

    /**
     * The largest seasonal period, the span TriScale asks a series to cover.
     *
     * @return its lag, or 0 when no seasonal period was found
     */
    public int largestPeriod() {
        return seasonalPeriods.isEmpty() ? 0 : seasonalPeriods.get(seasonalPeriods.size() - 1);
    }

    /**
     * One peak of the autocorrelation.
     *
     * @param lag             its lag, in samples
     * @param autocorrelation the autocorrelation there, at least twice the band
     * @param seasonal        whether it names a seasonal period (it stands above the peaks next to it)
     */
    public record Peak(int lag, double autocorrelation, boolean seasonal) {
    }
}
