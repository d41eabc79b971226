package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * TCP Prague (Briscoe et al., draft-briscoe-iccrg-prague-congestion-control), the L4S reference
 * sender, as its Linux implementation behaves by default: packets carry ECT(1); once per round
 * trip the estimate of the marked fraction is updated, {@code alpha ← (1 − g) alpha + g F} with
 * {@code g = 1/16}, and an echoed mark reduces the window to {@code cwnd (1 − alpha/2)}, at most
 * once per round trip (DCTCP's response, RFC 8257). RTT independence: below a target RTT of
 * 25 ms the additive increase is scaled by {@code (RTT / 25 ms)²} per round trip, so that the
 * flow's rate grows as fast as a 25 ms flow's instead of faster. The flow paces at twice
 * {@code cwnd / srtt} in slow start and 1.2 times in congestion avoidance (Linux's pacing
 * ratios). Losses halve the window as in Reno. Optionally (off by default, as in the reference
 * implementation) Prague detects a classic ECN bottleneck by its delay variation and falls back
 * towards Reno-like reductions ({@link ClassicEcnDetector}). Not modelled: the fractional window
 * below two segments.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Prague extends RenoBased {
    /** The RTT below which the additive increase is scaled down: 25 ms. */
    public static final long RTT_TARGET_NANOS = 25_000_000L;
    private static final double G = 1.0 / 16;
    private static final double SLOW_START_PACING = 2.0;
    private static final double AVOIDANCE_PACING = 1.2;

    private final boolean rttIndependent;
    private final ClassicEcnDetector detector;
    private final EcnResponse ecnResponse = new EcnResponse();
    private final MarkedFraction markedFraction;
    private double pacingRate;
    private boolean sawCe;

    /** Prague with RTT independence (the reference implementation's default). */
    public Prague() {
        this(true);
    }

    /**
     * Prague with RTT independence on or off.
     *
     * @param rttIndependent whether to scale the additive increase below 25 ms
     */
    public Prague(boolean rttIndependent) {
        this(rttIndependent, false);
    }

    /**
     * Prague with RTT independence and the classic-ECN fallback each on or off.
     *
     * @param rttIndependent     whether to scale the additive increase below 25 ms
     * @param classicEcnFallback whether to detect a classic ECN bottleneck and reduce by a larger
     *                           alpha there (the reference implementation's
     *                           {@code prague_ecn_fallback=1}; off by default there)
     */
    public Prague(boolean rttIndependent, boolean classicEcnFallback) {
        this(rttIndependent, classicEcnFallback, G);
    }

    /** Prague with another gain of its alpha estimator, a defect of {@link CcaMutant}. */
    Prague(boolean rttIndependent, boolean classicEcnFallback, double g) {
        this.rttIndependent = rttIndependent;
        this.detector = classicEcnFallback ? new ClassicEcnDetector() : null;
        this.markedFraction = new MarkedFraction(g);
    }

    @Override
    public void onAck(Connection c) {
        boolean roundEnded = markedFraction.onAck(c);
        if (detector != null) {
            detect(c, roundEnded);
        }
        if (ecnResponse.reduceNow(c)) {
            double alpha = markedFraction.alpha();
            if (detector != null) {
                detector.onReduction(cwnd);
                alpha = detector.alphaForReduction(alpha);
            }
            cwnd = Math.max(cwnd * (1 - alpha / 2), 2);
            ssthresh = cwnd;
        } else if (!c.inRecovery() && !ecnResponse.inCwr(c) && c.ackedPackets() > 0) {
            int acked = c.ackedPackets();
            if (cwnd < ssthresh) {
                cwnd = RenoWindow.grow(cwnd, ssthresh, acked);
            } else {
                cwnd += acked / cwnd * increaseScale(c.srttNanos());
            }
        }
        long srtt = c.srttNanos();
        pacingRate = srtt > 0 ? (cwnd < ssthresh ? SLOW_START_PACING : AVOIDANCE_PACING) * cwnd / (srtt / 1e9) : 0;
    }

    private void detect(Connection c, boolean roundEnded) {
        if (c.rttNanos() >= 0) {
            detector.onRttSample(c.rttNanos() / 1e3);
        }
        sawCe |= c.ecnEcho();
        // As the reference: no detection before the first mark shows an AQM on the path.
        if (roundEnded && sawCe) {
            detector.onRound(c.minRttNanos() / 1e3);
        }
    }

    /** The additive increase per round trip, in segments: (RTT / target)² below the target. */
    double increaseScale(long srtt) {
        if (!rttIndependent || srtt <= 0 || srtt >= RTT_TARGET_NANOS) {
            return 1;
        }
        double r = srtt / (double) RTT_TARGET_NANOS;
        return r * r;
    }

    @Override
    public void onEnterRecovery(Connection c) {
        if (detector != null) {
            detector.onReduction(cwnd);
        }
        super.onEnterRecovery(c);
    }

    @Override
    public double pacingRate() {
        return pacingRate;
    }

    @Override
    public boolean ecnCapable() {
        return true;
    }

    @Override
    public boolean scalable() {
        return true;
    }

    /**
     * The current estimate of the fraction of marked packets.
     *
     * @return alpha in [0, 1]
     */
    public double alpha() {
        return markedFraction.alpha();
    }

    /**
     * The classic-ECN score of the fallback: at most 8 on an L4S path, 9 or more on a classic
     * one (Briscoe and Ahmed 2019).
     *
     * @return the score in [0, 17], or NaN without the fallback
     */
    public double classicEcnScore() {
        return detector == null ? Double.NaN : detector.score();
    }
}
