package org.triscale.samples;

import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.Cubic;
import org.triscale.emulator.cca.ForwardingCongestionControl;

/**
 * A CUBIC about 5 % slower, the kind of small regression the paired regression gate must catch:
 * it keeps a quarter fewer packets in flight than the real {@link Cubic} would (its window scaled
 * by 0.75, as a sender that miscounts its window might). Everything else is CUBIC.
 *
 * <p>On the FCT workload of {@link FctRegressionTest}, on the 50 seeds of its baseline, its runs'
 * P95 FCT is 4.5 % higher (Hodges–Lehmann estimate of the per-run ratios; 98 % interval +0.75 % to
 * +8.6 %). The change of dynamics makes each run's ratio spread by about ±9 % (the tail flows meet
 * other bursts), and the median of the series KPIs even goes down 4.5 %: only the run-by-run
 * comparison sees the regression. Over 6,000 runs on other seeds ({@link FctGatePowerTests}) it is
 * a 3.4 % regression whose runs move by ±13 %, caught on about one base seed in three; the gate
 * needs 5 × 20 runs, or 5 × 10 runs of twice the flows, to catch a 5 % change of this spread 90 % of the time (docs/regression-gate.md).
 */
final class SlowerCubic extends ForwardingCongestionControl {
    /** Plugged into the emulator like any algorithm, under its own name. */
    static final Cca CCA = Cca.of("CUBIC-0.75-window", SlowerCubic::new);

    SlowerCubic() {
        super(new Cubic());
    }

    @Override
    public double cwnd() {
        return Math.max(1, 0.75 * super.cwnd());
    }
}
