package org.triscale.emulator.cca;

/**
 * Prague's detection of a classic (RFC 3168) ECN bottleneck, after the design of Briscoe and
 * Ahmed ("TCP Prague Fall-back on Detection of a Classic ECN AQM", arXiv:1911.00710) as the
 * reference Linux implementation runs it with {@code prague_ecn_fallback=1}. A classic AQM keeps
 * a queue of several milliseconds that varies with the classic sawtooth; an L4S AQM keeps it
 * below about a millisecond. So a score moves, once per round trip after the first mark, by
 * {@code ½ log2(mdev / 750 µs)} plus {@code ½ log2(depth / 2 ms)} when the queue depth
 * {@code srtt − minRtt} exceeds 2 ms, within [0, 17]; {@code srtt} and {@code mdev} come from an
 * RTT estimator of low gain ({@code 2^-s} per sample, {@code s = ⌊log2 W⌋ + ⌊⌊log2 W⌋ / 2⌋ + 1}
 * from the window W at the last reduction, at most 18; half that gain for {@code mdev}). Above 8
 * the path counts as classic, and at 9 fully: a reduction then uses at least
 * {@code 0.625 (min(score, 9) − 8)} as alpha, up to Reno-like cuts.
 *
 * <p>Differences from the reference: logarithms are exact ({@code Math.log}) where the kernel
 * takes integer logarithms with a carried remainder that approximates them over rounds; the
 * gain follows the window at each reduction (the kernel takes {@code snd_ssthresh} when a
 * reduction starts, the window left by the previous one); a round is the estimator's window of
 * data, as for alpha.
 */
final class ClassicEcnDetector {
    /** Score at and below which the path is taken for L4S. */
    static final double L4S_STICKY = 8;
    /** Score from which the fallback is complete. */
    static final double CLASSIC = L4S_STICKY + 1;
    private static final double MAX_SCORE = CLASSIC + L4S_STICKY;
    private static final double V0_MICROS = 750;
    private static final double D0_MICROS = 2000;
    private static final int MAX_SHIFT = 18;
    private static final double LN2 = Math.log(2);

    private double gain = Math.scalb(1.0, -MAX_SHIFT);
    private double srtt = -1;
    private double mdev = 1;
    private double score;

    /** One RTT sample, in microseconds. */
    void onRttSample(double rttMicros) {
        if (srtt < 0) {
            srtt = rttMicros;
            return;
        }
        double error = rttMicros - srtt;
        srtt += gain * error;
        mdev += gain / 2 * (Math.abs(error) - mdev);
    }

    /** A window reduction from {@code window} segments: the estimator's gain follows the window. */
    void onReduction(double window) {
        int lg = 31 - Integer.numberOfLeadingZeros(Math.max(1, (int) window));
        gain = Math.scalb(1.0, -Math.min(MAX_SHIFT, lg + lg / 2 + 1));
    }

    /** The end of a round trip, with the smallest RTT seen in microseconds. */
    void onRound(double minRttMicros) {
        if (srtt < 0) {
            return;
        }
        double next = score + 0.5 * (log2(Math.max(mdev, 1)) - log2(V0_MICROS));
        double depth = srtt - minRttMicros;
        if (depth > D0_MICROS) {
            next += 0.5 * (log2(depth) - log2(D0_MICROS));
        }
        score = Math.min(Math.max(next, 0), MAX_SCORE);
    }

    /** The alpha a reduction uses: at least the fallback's once the path looks classic. */
    double alphaForReduction(double alpha) {
        if (score <= L4S_STICKY) {
            return alpha;
        }
        return Math.max(alpha, 0.625 * (Math.min(score, CLASSIC) - L4S_STICKY));
    }

    double score() {
        return score;
    }

    private static double log2(double x) {
        return Math.log(x) / LN2;
    }
}
