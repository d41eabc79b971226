package org.triscale.emulator.cca;

import org.apiguardian.api.API;

import java.util.Objects;

/**
 * An algorithm that forwards every call to another one: extend it and override only what a
 * variant changes — a deliberately broken algorithm for a regression test, a tweaked one, or a
 * wrapper that records the delegate's state after each call.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public abstract class ForwardingCongestionControl implements CongestionControl {
    private final CongestionControl delegate;

    /**
     * A wrapper of {@code delegate}.
     *
     * @param delegate the algorithm every call goes to
     * @throws NullPointerException if {@code delegate} is null
     */
    protected ForwardingCongestionControl(CongestionControl delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /**
     * The wrapped algorithm.
     *
     * @return the delegate
     */
    protected CongestionControl delegate() {
        return delegate;
    }

    @Override
    public void init(Connection c) {
        delegate.init(c);
    }

    @Override
    public void onAck(Connection c) {
        delegate.onAck(c);
    }

    @Override
    public void onEnterRecovery(Connection c) {
        delegate.onEnterRecovery(c);
    }

    @Override
    public void onExitRecovery(Connection c) {
        delegate.onExitRecovery(c);
    }

    @Override
    public void onRto(Connection c) {
        delegate.onRto(c);
    }

    @Override
    public double cwnd() {
        return delegate.cwnd();
    }

    @Override
    public double pacingRate() {
        return delegate.pacingRate();
    }

    @Override
    public boolean ecnCapable() {
        return delegate.ecnCapable();
    }

    @Override
    public boolean scalable() {
        return delegate.scalable();
    }

    @Override
    public boolean ownsRecoveryWindow() {
        return delegate.ownsRecoveryWindow();
    }
}
