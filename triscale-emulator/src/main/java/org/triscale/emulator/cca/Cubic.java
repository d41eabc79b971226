package org.triscale.emulator.cca;

/**
 * CUBIC congestion control (RFC 9438): the window follows
 * {@code W_cubic(t) = C (t − K)³ + W_max} in congestion avoidance, with the Reno-friendly region
 * ({@code W_est}, alpha = 3(1 − beta)/(1 + beta) until {@code W_est} reaches the window before
 * the last reduction, then 1), fast convergence, multiplicative decrease by beta = 0.7, and the
 * RFC's timeout rule (K = 0 and W_max = cwnd at the start of the first congestion avoidance after
 * a timeout). The first slow start uses HyStart++ (RFC 9406) like Linux uses HyStart.
 */
public final class Cubic implements CongestionControl {

    /**
     * CUBIC's parameters.
     *
     * @param c               the cubic coefficient, in segments per second³ (RFC: 0.4)
     * @param beta            the multiplicative decrease factor (RFC: 0.7)
     * @param fastConvergence whether to release bandwidth faster when W_max shrinks
     * @param hyStart         whether the first slow start uses HyStart++
     */
    public record Config(double c, double beta, boolean fastConvergence, boolean hyStart) {
        /** The RFC 9438 defaults with HyStart++. */
        public static final Config RFC_9438 = new Config(0.4, 0.7, true, true);

        /**
         * Validates the parameters.
         *
         * @param c the cubic coefficient, in segments per second³ (RFC: 0.4)
         * @param beta the multiplicative decrease factor (RFC: 0.7)
         * @param fastConvergence whether to release bandwidth faster when W_max shrinks
         * @param hyStart whether the first slow start uses HyStart++
         * @throws IllegalArgumentException if {@code c <= 0} or {@code beta} is outside (0, 1)
         */
        public Config {
            if (!(c > 0) || c == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("cubic c must be a finite number > 0, got " + c);
            }
            if (!(beta > 0 && beta < 1)) {
                throw new IllegalArgumentException("cubic beta must be in (0, 1), got " + beta);
            }
        }

        /**
         * This configuration with another beta.
         *
         * @param value the decrease factor in (0, 1)
         * @return the new configuration
         */
        public Config withBeta(double value) {
            return new Config(c, value, fastConvergence, hyStart);
        }

        /**
         * This configuration with fast convergence on or off.
         *
         * @param value true for on
         * @return the new configuration
         */
        public Config withFastConvergence(boolean value) {
            return new Config(c, beta, value, hyStart);
        }

        /**
         * This configuration with HyStart++ on or off.
         *
         * @param value true for on
         * @return the new configuration
         */
        public Config withHyStart(boolean value) {
            return new Config(c, beta, fastConvergence, value);
        }
    }

    private final Config config;
    private final double alphaCubic;
    private HyStartPlusPlus hyStart;

    private double cwnd;
    private double ssthresh = Double.POSITIVE_INFINITY;
    private double wMax;
    private double cwndPrior = Double.POSITIVE_INFINITY;
    private double k;
    private double wEst;
    private long epochStart = -1;
    private boolean afterTimeout;

    /** CUBIC with the RFC 9438 defaults. */
    public Cubic() {
        this(Config.RFC_9438);
    }

    /**
     * CUBIC with the given parameters.
     *
     * @param config the parameters
     * @throws IllegalArgumentException if {@code config} is null
     */
    public Cubic(Config config) {
        if (config == null) {
            throw new IllegalArgumentException("cubic config must not be null; use Cubic.Config.RFC_9438");
        }
        this.config = config;
        this.alphaCubic = 3 * (1 - config.beta()) / (1 + config.beta());
    }

    @Override
    public void init(Connection c) {
        cwnd = c.initialWindow();
        hyStart = config.hyStart() ? new HyStartPlusPlus() : null;
    }

    @Override
    public void onAck(Connection c) {
        int acked = c.ackedPackets();
        if (c.inRecovery() || acked == 0) {
            return;
        }
        if (cwnd < ssthresh) {
            double increase = Math.min(acked, RenoWindow.SLOW_START_LIMIT);
            if (hyStart != null) {
                increase = hyStart.increase(c, (int) increase);
                if (increase == HyStartPlusPlus.EXIT) {
                    ssthresh = cwnd;
                    hyStart = null;
                    return;
                }
            }
            double room = ssthresh - cwnd;
            if (increase <= room) {
                cwnd += increase;
                return;
            }
            cwnd = ssthresh;
            acked = (int) Math.max(0, Math.round(increase - room));
            if (acked == 0) {
                return;
            }
        }
        congestionAvoidance(c, acked);
    }

    private void congestionAvoidance(Connection c, int acked) {
        long now = c.now();
        if (epochStart < 0) {
            epochStart = now;
            if (afterTimeout) {
                wMax = cwnd;
                afterTimeout = false;
            }
            // RFC 9438 (2): K < 0 when the epoch starts above W_max, keeping W_cubic(0) = cwnd.
            k = Math.cbrt((wMax - cwnd) / config.c());
            wEst = cwnd;
        }
        double t = (now - epochStart) / 1e9;
        long srtt = c.srttNanos();
        double rtt = srtt > 0 ? srtt / 1e9 : 0;
        double target = wCubic(t + rtt);
        target = Math.max(cwnd, Math.min(target, 1.5 * cwnd));

        double alpha = wEst >= cwndPrior ? 1 : alphaCubic;
        wEst += alpha * acked / cwnd;
        if (wCubic(t) < wEst) {
            cwnd = Math.max(cwnd, wEst);
        } else {
            cwnd += (target - cwnd) / cwnd * acked;
        }
    }

    private double wCubic(double t) {
        double d = t - k;
        return config.c() * d * d * d + wMax;
    }

    @Override
    public void onEnterRecovery(Connection c) {
        reduce();
        cwnd = ssthresh;
    }

    @Override
    public void onRto(Connection c) {
        reduce();
        cwnd = 1;
        afterTimeout = true;
    }

    private void reduce() {
        epochStart = -1;
        hyStart = null;
        if (config.fastConvergence() && cwnd < wMax) {
            wMax = cwnd * (1 + config.beta()) / 2;
        } else {
            wMax = cwnd;
        }
        cwndPrior = cwnd;
        ssthresh = Math.max(cwnd * config.beta(), 2);
    }

    @Override
    public double cwnd() {
        return cwnd;
    }

    /**
     * The slow-start threshold.
     *
     * @return segments, infinite before the first congestion event
     */
    public double ssthresh() {
        return ssthresh;
    }
}
