package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * CUBIC congestion control (RFC 9438): the window follows
 * {@code W_cubic(t) = C (t − K)³ + W_max} in congestion avoidance, with the Reno-friendly region
 * ({@code W_est}, alpha = 3(1 − beta)/(1 + beta) until {@code W_est} reaches the window before
 * the last reduction, then 1), fast convergence, multiplicative decrease by beta = 0.7, and the
 * RFC's timeout rule (K = 0 and W_max = cwnd at the start of the first congestion avoidance after
 * a timeout). The first slow start ends by HyStart++ (RFC 9406) by default, or by Linux's classic
 * HyStart ({@link Config#LINUX}); with {@link Config#ecn()} an echoed mark reduces the window as a
 * loss does, once per round trip (RFC 3168, {@link EcnResponse}).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Cubic implements CongestionControl {

    /** How the first slow start ends before the first loss or mark. */
    public enum SlowStart {
        /** Plain slow start until the first loss (RFC 5681). */
        STANDARD,
        /** Classic HyStart (Ha and Rhee 2011), the default of Linux's CUBIC. */
        HYSTART,
        /** HyStart++ (RFC 9406), as Windows and some other stacks use. */
        HYSTART_PLUS_PLUS
    }

    /**
     * CUBIC's parameters.
     *
     * @param c               the cubic coefficient, in segments per second³ (RFC: 0.4)
     * @param beta            the multiplicative decrease factor (RFC: 0.7)
     * @param fastConvergence whether to release bandwidth faster when W_max shrinks
     * @param slowStart       how the first slow start ends
     * @param ecn             whether packets are ECN-capable, with the RFC 3168 response to marks
     */
    public record Config(double c, double beta, boolean fastConvergence, SlowStart slowStart, boolean ecn) {
        /** The RFC 9438 defaults with HyStart++ (RFC 9406), without ECN. */
        public static final Config RFC_9438 = new Config(0.4, 0.7, true, SlowStart.HYSTART_PLUS_PLUS, false);
        /** Linux's defaults: the RFC 9438 parameters with classic HyStart, without ECN. */
        public static final Config LINUX = new Config(0.4, 0.7, true, SlowStart.HYSTART, false);

        /**
         * Validates the parameters.
         *
         * @param c the cubic coefficient, in segments per second³ (RFC: 0.4)
         * @param beta the multiplicative decrease factor (RFC: 0.7)
         * @param fastConvergence whether to release bandwidth faster when W_max shrinks
         * @param slowStart how the first slow start ends
         * @param ecn whether packets are ECN-capable, with the RFC 3168 response to marks
         * @throws IllegalArgumentException if {@code c <= 0}, {@code beta} is outside (0, 1) or
         *                                  {@code slowStart} is null
         */
        public Config {
            if (!(c > 0) || c == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("cubic c must be a finite number > 0, got " + c);
            }
            if (!(beta > 0 && beta < 1)) {
                throw new IllegalArgumentException("cubic beta must be in (0, 1), got " + beta);
            }
            if (slowStart == null) {
                throw new IllegalArgumentException("cubic slowStart must not be null; use SlowStart.HYSTART");
            }
        }

        /**
         * This configuration with another beta.
         *
         * @param value the decrease factor in (0, 1)
         * @return the new configuration
         */
        public Config withBeta(double value) {
            return new Config(c, value, fastConvergence, slowStart, ecn);
        }

        /**
         * This configuration with fast convergence on or off.
         *
         * @param value true for on
         * @return the new configuration
         */
        public Config withFastConvergence(boolean value) {
            return new Config(c, beta, value, slowStart, ecn);
        }

        /**
         * This configuration with another end of slow start.
         *
         * @param value the slow-start variant
         * @return the new configuration
         */
        public Config withSlowStart(SlowStart value) {
            return new Config(c, beta, fastConvergence, value, ecn);
        }

        /**
         * This configuration with ECN on or off.
         *
         * @param value true for ECN-capable packets and the RFC 3168 response
         * @return the new configuration
         */
        public Config withEcn(boolean value) {
            return new Config(c, beta, fastConvergence, slowStart, value);
        }
    }

    private final Config config;
    private final double alphaCubic;
    /** A defect for {@link CcaMutant}: the first slow start ends at the first ACK. */
    private final boolean slowStartExitsAtOnce;
    private HyStartPlusPlus hyStartPlusPlus;
    private HyStart hyStart;
    private final EcnResponse ecnResponse = new EcnResponse();

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
        this(config, false);
    }

    /** CUBIC whose first slow start may end at its first ACK, a defect of {@link CcaMutant}. */
    Cubic(Config config, boolean slowStartExitsAtOnce) {
        if (config == null) {
            throw new IllegalArgumentException("cubic config must not be null; use Cubic.Config.RFC_9438");
        }
        this.config = config;
        this.alphaCubic = 3 * (1 - config.beta()) / (1 + config.beta());
        this.slowStartExitsAtOnce = slowStartExitsAtOnce;
    }

    @Override
    public void init(Connection c) {
        cwnd = c.initialWindow();
        hyStartPlusPlus = config.slowStart() == SlowStart.HYSTART_PLUS_PLUS ? new HyStartPlusPlus() : null;
        hyStart = config.slowStart() == SlowStart.HYSTART ? new HyStart() : null;
    }

    @Override
    public void onAck(Connection c) {
        if (config.ecn() && ecnResponse.reduceNow(c)) {
            reduce();
            cwnd = ssthresh;
            return;
        }
        int acked = c.ackedPackets();
        if (c.inRecovery() || acked == 0 || ecnResponse.inCwr(c)) {
            return;
        }
        if (cwnd < ssthresh) {
            if (slowStartExitsAtOnce) {
                ssthresh = cwnd;
                hyStart = null;
                hyStartPlusPlus = null;
                return;
            }
            double increase = Math.min(acked, RenoWindow.SLOW_START_LIMIT);
            if (hyStart != null && hyStart.exit(c, cwnd)) {
                ssthresh = cwnd;
                hyStart = null;
                return;
            }
            if (hyStartPlusPlus != null) {
                increase = hyStartPlusPlus.increase(c, (int) increase);
                if (increase == HyStartPlusPlus.EXIT) {
                    ssthresh = cwnd;
                    hyStartPlusPlus = null;
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
        hyStartPlusPlus = null;
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

    @Override
    public boolean ecnCapable() {
        return config.ecn();
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
