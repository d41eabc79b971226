package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * BBR version 1 (Cardwell, Cheng, Gunn, Hassas Yeganeh and Jacobson, ACM Queue 2016;
 * draft-cardwell-iccrg-bbr-congestion-control-00). The model: the bottleneck bandwidth is the
 * windowed maximum of the delivery rate over 10 round trips, the round-trip propagation time the
 * minimum RTT over 10 seconds. The state machine: Startup (pacing and window gain 2/ln 2) until
 * the bandwidth stops growing by 25 % for three rounds, Drain (pacing gain ln 2/2) until the
 * flight is one BDP, ProbeBW (window gain 2, pacing gain cycling 1.25, 0.75, then 1 for six
 * phases of one RTprop each, starting at a random phase), and ProbeRTT (window 4 packets for
 * 200 ms and one round) when the minimum RTT was not refreshed for 10 seconds. BBR paces at
 * 99 % of gain × bandwidth and keeps packet conservation for the first round of loss recovery.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Bbr implements CongestionControl {
    private enum Mode { STARTUP, DRAIN, PROBE_BW, PROBE_RTT }

    private static final double HIGH_GAIN = 2 / Math.log(2);
    private static final double DRAIN_GAIN = 1 / HIGH_GAIN;
    private static final double CWND_GAIN = 2;
    private static final double[] PACING_GAIN_CYCLE = {1.25, 0.75, 1, 1, 1, 1, 1, 1};
    private static final int BW_FILTER_ROUNDS = 10;
    private static final long RTPROP_FILTER_NANOS = 10_000_000_000L;
    private static final long PROBE_RTT_NANOS = 200_000_000L;
    private static final double MIN_CWND = 4;
    private static final double PACING_MARGIN = 0.01;
    private static final double FULL_BW_GROWTH = 1.25;
    private static final int FULL_BW_ROUNDS = 3;
    /** Extra window for bursts (Linux: three send quanta). */
    private static final double QUANTIZATION_BUDGET = 3;

    private final WindowedMax bwFilter = new WindowedMax(BW_FILTER_ROUNDS);
    /** A defect for {@link CcaMutant}: ProbeBW keeps the probing gain 1.25 in every phase. */
    private final boolean pacingGainStuckHigh;

    private Mode mode;
    private double pacingGain;
    private double cwndGain;
    private double cwnd;
    private double pacingRate;
    private int initialWindow;

    private long rtProp = Long.MAX_VALUE;
    private long rtPropStamp;
    private boolean rtPropExpired;

    private long nextRoundDelivered;
    private long roundCount;
    private boolean roundStart;

    private boolean filledPipe;
    private double fullBw;
    private int fullBwCount;

    private int cycleIndex;
    private long cycleStamp;

    private long probeRttDoneStamp = -1;
    private boolean probeRttRoundDone;

    private double priorCwnd;
    private boolean recoveryEntryPending;
    private boolean inRecovery;
    private boolean packetConservation;
    private long timeoutRecoveryEnd = -1;

    /** A BBR v1 instance. */
    public Bbr() {
        this(false);
    }

    /** BBR whose ProbeBW pacing gain may stay at 1.25, a defect of {@link CcaMutant}. */
    Bbr(boolean pacingGainStuckHigh) {
        this.pacingGainStuckHigh = pacingGainStuckHigh;
    }

    @Override
    public void init(Connection c) {
        initialWindow = c.initialWindow();
        cwnd = initialWindow;
        long srtt = c.srttNanos();
        double rtt = srtt > 0 ? srtt / 1e9 : 1e-3;
        pacingRate = HIGH_GAIN * initialWindow / rtt;
        rtPropStamp = c.now();
        enterStartup();
    }

    @Override
    public void onAck(Connection c) {
        if (c.deliveredPackets() > 0) {
            updateModelAndState(c);
        }
        setPacingRate();
        setCwnd(c);
    }

    private void updateModelAndState(Connection c) {
        updateBandwidth(c);
        checkCyclePhase(c);
        checkFullPipe(c);
        checkDrain(c);
        updateRtProp(c);
        checkProbeRtt(c);
    }

    private double bandwidth() {
        return bwFilter.max();
    }

    private void updateBandwidth(Connection c) {
        roundStart = false;
        long prior = c.rateSamplePriorDelivered();
        if (prior >= 0 && prior >= nextRoundDelivered) {
            nextRoundDelivered = c.delivered();
            roundCount++;
            roundStart = true;
            packetConservation = false;
        }
        double rate = c.deliveryRate();
        if (!Double.isNaN(rate) && (!c.rateSampleAppLimited() || rate >= bandwidth())) {
            bwFilter.update(rate, roundCount);
        }
    }

    /** The flight that {@code gain} times the estimated BDP allows, in packets. */
    private double inflight(double gain) {
        if (rtProp == Long.MAX_VALUE) {
            return initialWindow;
        }
        return gain * bandwidth() * rtProp / 1e9;
    }

    private void checkCyclePhase(Connection c) {
        if (mode == Mode.PROBE_BW && isNextCyclePhase(c)) {
            cycleIndex = (cycleIndex + 1) % PACING_GAIN_CYCLE.length;
            cycleStamp = c.now();
            pacingGain = phaseGain();
        }
    }

    private double phaseGain() {
        return pacingGainStuckHigh ? PACING_GAIN_CYCLE[0] : PACING_GAIN_CYCLE[cycleIndex];
    }

    private boolean isNextCyclePhase(Connection c) {
        boolean fullLength = c.now() - cycleStamp > rtProp;
        if (pacingGain == 1) {
            return fullLength;
        }
        if (pacingGain > 1) {
            return fullLength && (c.lossDetected() || c.priorInFlight() >= inflight(pacingGain));
        }
        return fullLength || c.priorInFlight() <= inflight(1);
    }

    private void checkFullPipe(Connection c) {
        if (filledPipe || !roundStart || c.rateSampleAppLimited()) {
            return;
        }
        double bw = bandwidth();
        if (bw >= fullBw * FULL_BW_GROWTH) {
            fullBw = bw;
            fullBwCount = 0;
            return;
        }
        if (++fullBwCount >= FULL_BW_ROUNDS) {
            filledPipe = true;
        }
    }

    private void checkDrain(Connection c) {
        if (mode == Mode.STARTUP && filledPipe) {
            mode = Mode.DRAIN;
            pacingGain = DRAIN_GAIN;
            cwndGain = HIGH_GAIN;
        }
        if (mode == Mode.DRAIN && c.inFlight() <= inflight(1)) {
            enterProbeBw(c);
        }
    }

    private void updateRtProp(Connection c) {
        long now = c.now();
        rtPropExpired = now > rtPropStamp + RTPROP_FILTER_NANOS;
        long rtt = c.rttNanos();
        if (rtt >= 0 && (rtt <= rtProp || rtPropExpired)) {
            rtProp = rtt;
            rtPropStamp = now;
        }
    }

    private void checkProbeRtt(Connection c) {
        long now = c.now();
        if (mode != Mode.PROBE_RTT && rtPropExpired) {
            mode = Mode.PROBE_RTT;
            pacingGain = 1;
            cwndGain = 1;
            saveCwnd();
            probeRttDoneStamp = -1;
        }
        if (mode != Mode.PROBE_RTT) {
            return;
        }
        // The low delivery rate of ProbeRTT says nothing about the bottleneck: keep it out of the filter.
        c.markAppLimited();
        if (probeRttDoneStamp < 0 && c.inFlight() <= MIN_CWND) {
            probeRttDoneStamp = now + PROBE_RTT_NANOS;
            probeRttRoundDone = false;
            nextRoundDelivered = c.delivered();
        } else if (probeRttDoneStamp >= 0) {
            if (roundStart) {
                probeRttRoundDone = true;
            }
            if (probeRttRoundDone && now > probeRttDoneStamp) {
                rtPropStamp = now;
                cwnd = Math.max(cwnd, priorCwnd);
                if (filledPipe) {
                    enterProbeBw(c);
                } else {
                    enterStartup();
                }
            }
        }
    }

    private void enterStartup() {
        mode = Mode.STARTUP;
        pacingGain = HIGH_GAIN;
        cwndGain = HIGH_GAIN;
    }

    private void enterProbeBw(Connection c) {
        mode = Mode.PROBE_BW;
        cwndGain = CWND_GAIN;
        // Start at a random phase other than the draining one (index 1).
        cycleIndex = PACING_GAIN_CYCLE.length - 1 - c.random().nextInt(PACING_GAIN_CYCLE.length - 1);
        cycleIndex = (cycleIndex + 1) % PACING_GAIN_CYCLE.length;
        pacingGain = phaseGain();
        cycleStamp = c.now();
    }

    private void setPacingRate() {
        double bw = bandwidth();
        if (bw <= 0) {
            return;
        }
        double rate = pacingGain * bw * (1 - PACING_MARGIN);
        if (filledPipe || rate > pacingRate) {
            pacingRate = rate;
        }
    }

    private void saveCwnd() {
        priorCwnd = (inRecovery || mode == Mode.PROBE_RTT) ? Math.max(priorCwnd, cwnd) : cwnd;
    }

    private void setCwnd(Connection c) {
        int acked = c.deliveredPackets();
        if (timeoutRecoveryEnd >= 0 && c.sndUna() >= timeoutRecoveryEnd) {
            timeoutRecoveryEnd = -1;
            cwnd = Math.max(cwnd, priorCwnd);
        }
        if (recoveryEntryPending) {
            recoveryEntryPending = false;
            saveCwnd();
            inRecovery = true;
            cwnd = c.inFlight() + Math.max(acked, 1);
            packetConservation = true;
            nextRoundDelivered = c.delivered();
        } else {
            if (inRecovery && c.lossDetected()) {
                cwnd = Math.max(cwnd - 1, 1);
            }
            if (packetConservation) {
                cwnd = Math.max(cwnd, c.inFlight() + acked);
            } else if (acked > 0) {
                double target = inflight(cwndGain) + QUANTIZATION_BUDGET;
                if (mode == Mode.PROBE_BW && cycleIndex == 0) {
                    target += 2;
                }
                if (filledPipe) {
                    cwnd = Math.min(cwnd + acked, target);
                } else if (cwnd < target || c.delivered() < initialWindow) {
                    cwnd += acked;
                }
                cwnd = Math.max(cwnd, MIN_CWND);
            }
        }
        if (mode == Mode.PROBE_RTT) {
            cwnd = Math.min(cwnd, MIN_CWND);
        }
    }

    @Override
    public void onEnterRecovery(Connection c) {
        recoveryEntryPending = true;
    }

    @Override
    public void onExitRecovery(Connection c) {
        inRecovery = false;
        packetConservation = false;
        recoveryEntryPending = false;
        cwnd = Math.max(cwnd, priorCwnd);
    }

    @Override
    public void onRto(Connection c) {
        saveCwnd();
        inRecovery = false;
        packetConservation = false;
        recoveryEntryPending = false;
        cwnd = 1;
        timeoutRecoveryEnd = c.highestSent();
    }

    @Override
    public double cwnd() {
        return cwnd;
    }

    @Override
    public double pacingRate() {
        return pacingRate;
    }

    @Override
    public boolean ownsRecoveryWindow() {
        return true;
    }

    /**
     * The current bottleneck bandwidth estimate.
     *
     * @return packets per second
     */
    public double bottleneckBandwidth() {
        return bandwidth();
    }

    /**
     * The current round-trip propagation time estimate.
     *
     * @return nanoseconds, or {@link Long#MAX_VALUE} before the first sample
     */
    public long roundTripPropagationNanos() {
        return rtProp;
    }

    /**
     * The current state of BBR's state machine.
     *
     * @return "STARTUP", "DRAIN", "PROBE_BW" or "PROBE_RTT"
     */
    public String state() {
        return mode.name();
    }
}
