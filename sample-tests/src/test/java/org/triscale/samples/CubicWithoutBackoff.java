package org.triscale.samples;

import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.Connection;
import org.triscale.emulator.cca.CongestionControl;
import org.triscale.emulator.cca.Cubic;

/**
 * A deliberately broken CUBIC, the kind of regression the suite must catch: its loss handler
 * returns before the multiplicative decrease, so fast retransmit never shrinks the window (only a
 * retransmission timeout does). Everything else is the real {@link Cubic}.
 *
 * <p>On the long path it still fills the link, and its delay stays where CUBIC's is (the buffer
 * caps both), but it keeps the buffer overflowing: 10–50 % of its packets are lost instead of
 * CUBIC's 1–2 %.
 */
final class CubicWithoutBackoff implements CongestionControl {
    /** Plugged into the emulator like any algorithm, under its own name. */
    static final Cca CCA = Cca.of("CUBIC-without-backoff", CubicWithoutBackoff::new);

    private final Cubic cubic = new Cubic();

    @Override
    public void init(Connection c) {
        cubic.init(c);
    }

    @Override
    public void onAck(Connection c) {
        cubic.onAck(c);
    }

    @Override
    public void onEnterRecovery(Connection c) {
        // The bug: the window should shrink by beta here (cubic.onEnterRecovery(c)).
    }

    @Override
    public void onExitRecovery(Connection c) {
        cubic.onExitRecovery(c);
    }

    @Override
    public void onRto(Connection c) {
        cubic.onRto(c);
    }

    @Override
    public double cwnd() {
        return cubic.cwnd();
    }
}
