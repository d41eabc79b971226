package org.triscale.emulator.cca;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Deliberately broken congestion controls, each modelled on a class of defect found in real CCAs,
 * to mutation-test a regression suite: swap a mutant in for the algorithm it breaks
 * ({@link #original()}) and the suite's verdict should fail; a mutant whose verdict passes names a
 * bug the suite cannot catch. Get one with {@link Cca#mutant(CcaMutant)} or, from a string such as
 * a configuration parameter, {@link Cca#mutant(String)}.
 *
 * <p>Each mutant is the built-in algorithm with one defect injected (a parameter or one changed
 * rule), everything else unchanged. The constant's javadoc says what it breaks and where the
 * defect class comes from.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum CcaMutant {
    /**
     * CUBIC whose fast-retransmit handler returns before the multiplicative decrease: the window
     * shrinks only on a retransmission timeout. Breaks the basic loss response (RFC 5681 §3.2,
     * RFC 9438 §4.6); the buffer overflows again and again (bufferbloat, heavy loss, unfairness).
     */
    CUBIC_NO_MULTIPLICATIVE_DECREASE(Cca.CUBIC, "no or too small multiplicative decrease: a loss "
            + "response that is skipped (RFC 9438 §4.6)",
            () -> new NoDecrease(new Cubic())),
    /**
     * CUBIC with beta = 0.9 instead of 0.7: it backs off by 10 % instead of 30 %, keeps the
     * buffer fuller (higher delay), loses more often and takes bandwidth from standard flows.
     * The class of a decrease that is too small (RFC 9438 §4.6 and §5: beta 0.7 is part of
     * CUBIC's TCP friendliness).
     */
    CUBIC_BETA_0_9(Cca.CUBIC, "too small multiplicative decrease (beta 0.9 instead of RFC 9438's 0.7)",
            () -> new Cubic(Cubic.Config.RFC_9438.withBeta(0.9))),
    /**
     * CUBIC whose HyStart never fires: the first slow start runs until the buffer overflows, and
     * the window overshoots to about twice what the path holds, with a burst of losses (the
     * problem HyStart was made for, Ha and Rhee 2011; RFC 9406 §1).
     */
    CUBIC_HYSTART_NEVER_EXITS(Cca.CUBIC, "slow start that never exits early (HyStart bugs; RFC 9406)",
            () -> new Cubic(Cubic.Config.RFC_9438.withSlowStart(Cubic.SlowStart.STANDARD))),
    /**
     * CUBIC whose slow start ends at its first ACK, as a HyStart that exits at once on a noisy
     * RTT sample: the window starts congestion avoidance at the initial window and needs seconds
     * to fill a long path (the HyStart false exits reported on Linux, e.g. with ACK compression).
     */
    CUBIC_HYSTART_EXITS_AT_ONCE(Cca.CUBIC, "slow start that exits at once (HyStart false exits)",
            () -> new Cubic(Cubic.Config.RFC_9438, true)),
    /**
     * CUBIC without fast convergence (RFC 9438 §4.7): a flow whose W_max shrinks keeps probing
     * up to the old W_max, so a newcomer takes longer to get its share.
     */
    CUBIC_NO_FAST_CONVERGENCE(Cca.CUBIC, "fast convergence turned off (RFC 9438 §4.7)",
            () -> new Cubic(Cubic.Config.RFC_9438.withFastConvergence(false))),
    /**
     * NewReno without fast recovery (Tahoe's response): three duplicate ACKs collapse the window
     * to one segment instead of half the flight (RFC 5681 §3.2), so every loss costs a slow start
     * and the link runs under capacity.
     */
    NEWRENO_NO_FAST_RECOVERY(Cca.NEWRENO, "no fast recovery: Tahoe's window collapse on three "
            + "duplicate ACKs (RFC 5681 §3.2)",
            NoFastRecovery::new),
    /**
     * BBR whose ProbeBW pacing gain stays at 1.25 in every phase instead of cycling through 0.75
     * and 1: it never drains the queue its probing built, so it keeps up to a BDP queued (the
     * class of BBR's pacing-gain and queue-draining bugs, Cardwell et al. 2016; BBRv2 notes).
     */
    BBR_PACING_GAIN_STUCK_HIGH(Cca.BBR, "pacing gain stuck at the probing value 1.25 (BBR v1)",
            () -> new Bbr(true)),
    /**
     * TCP Prague without RTT independence: below 25 ms it grows its window by a segment per round
     * trip, so a short-RTT Prague flow grows faster than the 25 ms target allows and out-competes
     * CUBIC in DualPI2 (Morton's tests of the L4S defaults, tsvwg 2020: Jain 0.823 at 10 ms).
     */
    PRAGUE_NO_RTT_INDEPENDENCE(Cca.PRAGUE, "not RTT-independent (Morton, tsvwg 2020)",
            () -> new Prague(false)),
    /**
     * TCP Prague with an alpha gain g = 1 instead of 1/16: alpha follows each round's marked
     * fraction with no smoothing, so one round of marks cuts the window deeply and the flow
     * oscillates (RFC 8257 §4.2 on the gain; a wrong constant in the estimator).
     */
    PRAGUE_WRONG_ALPHA_GAIN(Cca.PRAGUE, "alpha estimator with the wrong gain (g = 1 instead of 1/16)",
            () -> new Prague(true, false, 1)),
    /**
     * DCTCP that ignores alpha and halves its window at every marked round, as classic ECN does
     * (RFC 3168): with a marking threshold well below a BDP the queue drains and the link runs
     * under capacity, the problem DCTCP's alpha exists to solve (Alizadeh et al. 2010, §3.3).
     */
    DCTCP_IGNORES_ALPHA(Cca.DCTCP, "reduction that ignores alpha (RFC 8257 §3.3)",
            () -> new Dctcp(1.0 / 16, true));

    private final Cca original;
    private final String defect;
    private final Cca cca;

    CcaMutant(Cca original, String defect, Supplier<? extends CongestionControl> factory) {
        this.original = original;
        this.defect = defect;
        this.cca = Cca.of(original.name() + "~" + name().toLowerCase(Locale.ROOT).replace('_', '-'), factory);
    }

    /**
     * The built-in algorithm this mutant breaks: a suite detects the mutant where it runs this one.
     *
     * @return the original algorithm
     */
    public Cca original() {
        return original;
    }

    /**
     * The defect class in a few words, with its source.
     *
     * @return a short description
     */
    public String defect() {
        return defect;
    }

    /**
     * The mutant as a named algorithm, named after its original and the defect, for example
     * {@code CUBIC~cubic-beta-0-9}.
     *
     * @return the algorithm
     */
    public Cca cca() {
        return cca;
    }

    /**
     * The mutant of this name, as {@link #valueOf} but case-insensitive, with {@code -} for
     * {@code _}, and with an error that lists the valid names.
     *
     * @param name a constant's name, for example {@code CUBIC_BETA_0_9} or {@code cubic-beta-0-9}
     * @return the mutant
     * @throws IllegalArgumentException if no mutant has this name
     */
    public static CcaMutant named(String name) {
        String key = name == null ? "" : name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (CcaMutant m : values()) {
            if (m.name().equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no CCA mutant is named '" + name + "'; valid names: "
                + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
    }

    /** CUBIC without its multiplicative decrease on fast retransmit. */
    private static final class NoDecrease extends ForwardingCongestionControl {
        NoDecrease(CongestionControl delegate) {
            super(delegate);
        }

        @Override
        public void onEnterRecovery(Connection c) {
            // The defect: the decrease of the delegate is skipped.
        }
    }

    /** NewReno that answers three duplicate ACKs as Tahoe does. */
    private static final class NoFastRecovery extends NewReno {
        @Override
        public void onEnterRecovery(Connection c) {
            ssthresh = RenoWindow.halfFlight(c, cwnd);
            cwnd = 1;
        }
    }
}
