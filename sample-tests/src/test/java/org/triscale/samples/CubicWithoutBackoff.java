package org.triscale.samples;

import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.Connection;
import org.triscale.emulator.cca.Cubic;
import org.triscale.emulator.cca.ForwardingCongestionControl;

/**
 * A deliberately broken CUBIC, the kind of regression the suite must catch: its loss handler
 * returns before the multiplicative decrease, so fast retransmit never shrinks the window (only a
 * retransmission timeout does). Everything else is the real {@link Cubic}.
 *
 * <p>On the long path it still fills the link, and its delay stays where CUBIC's is (the buffer
 * caps both), but it keeps the buffer overflowing: 10–50 % of its packets are lost instead of
 * CUBIC's 1–2 %.
 */
final class CubicWithoutBackoff extends ForwardingCongestionControl {
    /** Plugged into the emulator like any algorithm, under its own name. */
    static final Cca CCA = Cca.of("CUBIC-without-backoff", CubicWithoutBackoff::new);

    CubicWithoutBackoff() {
        super(new Cubic());
    }

    @Override
    public void onEnterRecovery(Connection c) {
        // The bug: the window should shrink by beta here (super.onEnterRecovery(c)).
    }
}
