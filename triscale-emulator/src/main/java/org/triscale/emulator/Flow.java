package org.triscale.emulator;

import org.triscale.emulator.base.Ecn;
import org.triscale.emulator.base.Wire;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.CongestionControl;
import org.triscale.emulator.cca.Connection;

/**
 * One TCP connection: the sender, its receiver and the two one-way paths between them. The
 * sender does fast retransmit after three duplicate ACKs (RFC 5681) and then SACK-based recovery
 * (RFC 6675) or NewReno recovery (RFC 6582, with limited transmit, RFC 3042), runs the RFC 6298
 * retransmission timer with exponential backoff, estimates the delivery rate, and paces when its
 * congestion control asks for it. Sequence numbers count segments; every segment but a finite
 * flow's last carries {@link Wire#MSS} bytes.
 */
final class Flow implements Connection, AckSink {
    private static final int DUP_THRESH = 3;
    private static final long NOT_ARMED = Long.MAX_VALUE;

    final int id;
    final String label;
    final FlowResult.Kind kind;
    final String ccaName;
    final long oneWayDelay;
    final long start;
    final long sizeBytes;
    /** Whether the flow sends in the ACK direction, over the reverse link. */
    final boolean reverse;
    /** The served links its data crosses, in order (unused on the fast path). */
    final int[] dataRoute;
    /** The served links its ACKs cross, in order; empty for an uncongested return path. */
    final int[] ackRoute;
    private final long totalSegments;
    private final int lastPayload;

    private final Simulation sim;
    private final CongestionControl cc;
    private final boolean sack;
    private final Ecn ecn;
    private final boolean ownsRecoveryWindow;
    private final int initialWindow;
    private final long receiveWindow;
    private final long randomSeed;
    private UniformRandomProvider random;

    // Sender state, in segments.
    private final SentSegments segments = new SentSegments();
    private final Scoreboard scoreboard = new Scoreboard(segments);
    private final DeliveryRate rate = new DeliveryRate();
    private final RttEstimator rtt;
    private long sndUna;
    private long sndNxt;
    private long maxSent;
    private int dupAcks;
    private boolean inRecovery;
    /** One past the highest segment sent when recovery or the last timeout started (RFC 6582, RFC 6675). */
    private long recover = -1;
    private double inflation;
    private boolean firstPartialAck;

    // Timers.
    private long rtoDeadline = NOT_ARMED;
    private long rtoEventAt = NOT_ARMED;
    private long nextSendTime;
    private boolean paceScheduled;

    // The ACK being processed, as the congestion control sees it.
    private long now;
    private int ackAcked;
    private int ackDelivered;
    private long ackRtt = -1;
    private boolean ackEce;
    private boolean ackInRecovery;
    private boolean ackLoss;
    private long priorInFlight;

    // Receiver and paths.
    private final Receiver receiver;
    private final Pipe toReceiver = new Pipe();
    private final Pipe toSender = new Pipe();
    /** ACKs queued on the ACK route: time field the ACK's index, then what {@link #toSender} holds. */
    private final Pipe ackInTransit = new Pipe();
    private long acksSent;
    private long lastAckArrival;

    // Results.
    private boolean handshakeDone;
    private boolean started;
    private boolean completed;
    private long finishTime;
    private long packetsSent;
    private long retransmissions;
    private int timeouts;
    private int fastRecoveries;
    final ThroughputBins bins;
    /** Payload bytes the receiver can hand to the application in order, by arrival time. */
    final ThroughputBins goodputBins;

    Flow(Simulation sim, int id, String label, FlowResult.Kind kind, Cca cca, long oneWayDelay, long start,
         long sizeBytes, long randomSeed, boolean reverse, int[] dataRoute, int[] ackRoute) {
        this.reverse = reverse;
        this.dataRoute = dataRoute;
        this.ackRoute = ackRoute;
        this.sim = sim;
        this.id = id;
        this.label = label;
        this.kind = kind;
        this.ccaName = cca.name();
        this.oneWayDelay = oneWayDelay;
        this.start = start;
        this.sizeBytes = sizeBytes;
        this.randomSeed = randomSeed;
        if (sizeBytes < 0) {
            totalSegments = Long.MAX_VALUE;
            lastPayload = Wire.MSS;
        } else {
            totalSegments = (sizeBytes + Wire.MSS - 1) / Wire.MSS;
            lastPayload = (int) (sizeBytes - (totalSegments - 1) * Wire.MSS);
        }
        this.rtt = new RttEstimator(sim.minRtoNanos);
        this.cc = cca.newInstance();
        this.sack = sim.lossRecovery == LossRecovery.SACK;
        this.ecn = cc.scalable() ? Ecn.ECT_1 : cc.ecnCapable() ? Ecn.ECT_0 : Ecn.NOT_ECT;
        this.ownsRecoveryWindow = cc.ownsRecoveryWindow();
        this.initialWindow = sim.initialWindow;
        this.receiveWindow = Math.max(2, sim.receiveWindowBytes / Wire.MSS);
        this.receiver = new Receiver(this, sim.delayedAck);
        this.bins = sim.newBins(start);
        this.goodputBins = sim.newBins(start);
    }

    // ---- events -------------------------------------------------------------------------------

    void onStart(long time) {
        if (sim.handshake && !handshakeDone) {
            // SYN and SYN-ACK take one base RTT; the SYN-ACK gives the first RTT sample (as Linux).
            handshakeDone = true;
            rtt.sample(2 * oneWayDelay);
            sim.schedule(time + 2 * oneWayDelay, id, Simulation.START);
            return;
        }
        now = time;
        started = true;
        cc.init(this);
        trySend(time);
    }

    void onDataArrival(long time) {
        long seg = toReceiver.headA();
        long sendTime = toReceiver.headB();
        boolean ce = toReceiver.headC() != 0;
        toReceiver.pop();
        if (!toReceiver.isEmpty()) {
            sim.schedule(toReceiver.headTime(), id, Simulation.DATA);
        }
        sim.delays.record(time, time - sendTime, id);
        long before = receiver.rcvNxt();
        receiver.onSegment(time, seg, sendTime, ce, seg == totalSegments - 1 && lastPayload < Wire.MSS);
        long after = receiver.rcvNxt();
        if (after > before) {
            // Goodput: each payload byte once, when it can go to the application in order; a
            // retransmitted copy of a segment already received advances nothing.
            long payload = (after - before) * Wire.MSS;
            if (after >= totalSegments) {
                payload -= Wire.MSS - lastPayload;
            }
            goodputBins.add(time, payload);
            if (!reverse) {
                sim.totalGoodputBins.add(time, payload);
            }
        }
    }

    void onDelayedAckTimer(long time) {
        receiver.onDelayedAckTimer(time);
    }

    void onAckArrival(long time) {
        long ackNo = toSender.headA();
        long echo = toSender.headB();
        long triggerAndEce = toSender.headC();
        toSender.pop();
        if (!toSender.isEmpty()) {
            sim.schedule(toSender.headTime(), id, Simulation.ACK);
        }
        if (!completed) {
            processAck(time, ackNo, echo, triggerAndEce >> 1, (triggerAndEce & 1) != 0);
        }
    }

    void onPaceTimer(long time) {
        paceScheduled = false;
        now = time;
        trySend(time);
    }

    void onRtoTimer(long time) {
        if (time != rtoEventAt) {
            return;
        }
        rtoEventAt = NOT_ARMED;
        if (rtoDeadline == NOT_ARMED || completed) {
            return;
        }
        if (time < rtoDeadline) {
            rtoEventAt = rtoDeadline;
            sim.schedule(rtoDeadline, id, Simulation.RTO);
            return;
        }
        rtoDeadline = NOT_ARMED;
        if (sndUna >= maxSent) {
            return;
        }
        now = time;
        timeouts++;
        cc.onRto(this);
        inRecovery = false;
        inflation = 0;
        dupAcks = 0;
        recover = maxSent;
        if (sack) {
            scoreboard.markAllLost(sndUna, maxSent);
        } else {
            // Go back N, forgetting what duplicate ACKs reported.
            scoreboard.forgetSacks(sndUna, maxSent);
            sndNxt = sndUna;
        }
        rtt.backOff();
        // RFC 6298 §5.4: retransmit the earliest unacknowledged segment now.
        if (sack) {
            retransmit(sndUna, time);
        } else {
            transmit(sndNxt++, time);
        }
        armRto(time + rtt.rto());
        trySend(time);
    }

    // ---- sender -------------------------------------------------------------------------------

    private void processAck(long time, long ackNo, long echo, long trigger, boolean ece) {
        now = time;
        priorInFlight = inFlight();
        rate.beginAck();
        int acked = 0;
        int delivered = 0;
        if (ackNo > sndUna) {
            acked = (int) (ackNo - sndUna);
            delivered += scoreboard.cumulativeAck(sndUna, ackNo, rate, time);
            sndUna = ackNo;
            if (sndNxt < sndUna) {
                sndNxt = sndUna;
            }
        }
        boolean outOfOrder = trigger >= sndUna && trigger < maxSent;
        if (outOfOrder && scoreboard.sack(trigger, rate, time)) {
            delivered++;
        }
        long sample = -1;
        if (delivered > 0 && echo >= 0) {
            sample = time - echo;
            rtt.sample(sample);
        }
        boolean wasInRecovery = inRecovery;
        boolean exited;
        boolean loss;
        if (sack) {
            exited = sackRecovery(time, acked);
            scoreboard.detectLostRetransmissions(sndUna);
            loss = scoreboard.markLost(sndUna) > 0 || (inRecovery && !wasInRecovery);
        } else {
            exited = newRenoRecovery(time, ackNo, acked, outOfOrder);
            loss = inRecovery && (acked > 0 || !wasInRecovery);
        }
        rate.finishAck(rtt.minRtt());

        ackAcked = acked;
        ackDelivered = delivered;
        ackRtt = sample;
        ackEce = ece;
        ackInRecovery = wasInRecovery || inRecovery;
        ackLoss = loss;
        if (exited) {
            cc.onExitRecovery(this);
        }
        cc.onAck(this);
        if (sndUna >= totalSegments) {
            completed = true;
            finishTime = time;
            rtoDeadline = NOT_ARMED;
            return;
        }
        trySend(time);
    }

    /** RFC 6675 recovery state; the sending itself happens in {@link #trySend}. Returns true on exit. */
    private boolean sackRecovery(long time, int acked) {
        if (acked > 0) {
            restartOrStopRto(time);
        }
        if (inRecovery) {
            if (sndUna >= recover) {
                inRecovery = false;
                return true;
            }
            return false;
        }
        scoreboard.markLost(sndUna);
        if (scoreboard.enoughForFastRetransmit() && sndUna > recover && sndUna < maxSent) {
            inRecovery = true;
            recover = maxSent;
            fastRecoveries++;
            cc.onEnterRecovery(this);
        }
        return false;
    }

    /** RFC 5681 and RFC 6582 recovery; returns true on exit. */
    private boolean newRenoRecovery(long time, long ackNo, int acked, boolean outOfOrder) {
        if (acked > 0) {
            boolean restartTimer = true;
            boolean exited = false;
            if (inRecovery) {
                if (sndUna >= recover) {
                    inRecovery = false;
                    inflation = 0;
                    exited = true;
                } else {
                    // Partial ACK: retransmit the next hole, deflate, reset the timer only once.
                    transmit(sndUna, time);
                    inflation = inflation - acked + 1;
                    restartTimer = firstPartialAck;
                    firstPartialAck = false;
                }
            }
            dupAcks = 0;
            if (restartTimer || sndUna >= maxSent) {
                restartOrStopRto(time);
            }
            return exited;
        }
        // A duplicate ACK caused by a duplicate segment (spurious retransmission) says nothing about
        // loss; Linux learns that from DSACK (RFC 2883), the emulator from the ACK's segment.
        if (ackNo == sndUna && maxSent > sndUna && outOfOrder) {
            dupAcks++;
            if (inRecovery) {
                inflation++;
            } else if (dupAcks == DUP_THRESH && sndUna > recover) {
                // RFC 6582 §3.2: only when the ACK covers more than recover.
                inRecovery = true;
                recover = maxSent;
                fastRecoveries++;
                cc.onEnterRecovery(this);
                inflation = DUP_THRESH;
                transmit(sndUna, time);
                firstPartialAck = true;
            }
        }
        return false;
    }

    private void restartOrStopRto(long time) {
        if (sndUna >= maxSent) {
            rtoDeadline = NOT_ARMED;
        } else {
            armRto(time + rtt.rto());
        }
    }

    private void trySend(long time) {
        if (!started || completed) {
            return;
        }
        while (true) {
            long lost = sack && inFlight() < (long) Math.max(cc.cwnd(), 1) ? scoreboard.nextLost(sndUna) : -1;
            if (lost < 0 && !canSendNew()) {
                return;
            }
            double pacingRate = cc.pacingRate();
            if (pacingRate > 0) {
                if (time < nextSendTime) {
                    if (!paceScheduled) {
                        paceScheduled = true;
                        sim.schedule(nextSendTime, id, Simulation.PACE);
                    }
                    return;
                }
                nextSendTime = time + Math.max(1, (long) (1e9 / pacingRate));
            }
            if (lost >= 0) {
                retransmit(lost, time);
            } else {
                transmit(sndNxt++, time);
            }
        }
    }

    private boolean canSendNew() {
        if (sndNxt >= totalSegments) {
            if (sndNxt - sndUna < cc.cwnd()) {
                rate.markAppLimited(inFlight());
            }
            return false;
        }
        long outstanding = sndNxt - sndUna;
        if (outstanding >= receiveWindow) {
            return false;
        }
        double window = cc.cwnd();
        if (Double.isNaN(window)) {
            throw new IllegalStateException("congestion control " + ccaName + " of flow " + label
                    + " returned a NaN window at " + now / 1e9 + " s; cwnd() must be a number of segments >= 1");
        }
        if (sack || ownsRecoveryWindow) {
            return inFlight() < (long) Math.max(window, 1);
        }
        window += inRecovery ? inflation : Math.min(dupAcks, 2);
        return outstanding < (long) Math.max(window, 1);
    }

    private void retransmit(long seg, long time) {
        scoreboard.onRetransmit(seg, time);
        transmit(seg, time);
    }

    private void transmit(long seg, long time) {
        if (seg >= maxSent) {
            segments.ensureCapacity(sndUna, seg + 1);
            maxSent = seg + 1;
            segments.flags[segments.slot(seg)] = 0;
        } else {
            retransmissions++;
        }
        int slot = segments.slot(seg);
        rate.onSend(segments, slot, time, inFlight());
        packetsSent++;
        int wire = (seg == totalSegments - 1 ? lastPayload : Wire.MSS) + Wire.HEADER;
        sim.send(this, seg, time, wire, ecn, time);
        if (rtoDeadline == NOT_ARMED) {
            armRto(time + rtt.rto());
        }
    }

    /** Segment {@code seg} finished its transmission on the bottleneck at {@code departure}. */
    void departed(long seg, long sentAt, int wire, boolean ce, long departure) {
        bins.add(departure, wire);
        if (!reverse) {
            sim.totalBins.add(departure, wire);
        }
        boolean wasEmpty = toReceiver.isEmpty();
        long arrival = departure + oneWayDelay;
        toReceiver.push(arrival, seg, sentAt, ce ? 1 : 0);
        if (wasEmpty) {
            sim.schedule(arrival, id, Simulation.DATA);
        }
    }

    private void armRto(long deadline) {
        rtoDeadline = deadline;
        if (deadline < rtoEventAt) {
            rtoEventAt = deadline;
            sim.schedule(deadline, id, Simulation.RTO);
        }
    }

    // ---- receiver side ------------------------------------------------------------------------

    @Override
    public void sendAck(long time, long ackNo, long echo, long trigger, boolean ece) {
        if (sim.ackLoss != null && sim.ackLoss.lose()) {
            return;
        }
        long c = (trigger << 1) | (ece ? 1 : 0);
        if (ackRoute.length == 0) {
            propagateAck(time, ackNo, echo, c);
        } else {
            long index = acksSent++;
            ackInTransit.push(index, ackNo, echo, c);
            sim.sendAck(this, index, time);
        }
    }

    /** ACK number {@code index} left the last link of the ACK route at {@code time}. */
    void ackDeparted(long index, long time) {
        // Each flow's ACKs keep their order on the route, so the ones before it were dropped.
        while (ackInTransit.headTime() < index) {
            ackInTransit.pop();
        }
        long ackNo = ackInTransit.headA();
        long echo = ackInTransit.headB();
        long c = ackInTransit.headC();
        ackInTransit.pop();
        propagateAck(time, ackNo, echo, c);
    }

    private void propagateAck(long time, long ackNo, long echo, long triggerAndEce) {
        long arrival = time + oneWayDelay + sim.ackDelayNanos + sim.ackJitter();
        if (arrival < lastAckArrival) {
            arrival = lastAckArrival;
        }
        lastAckArrival = arrival;
        boolean wasEmpty = toSender.isEmpty();
        toSender.push(arrival, ackNo, echo, triggerAndEce);
        if (wasEmpty) {
            sim.schedule(arrival, id, Simulation.ACK);
        }
    }

    @Override
    public void scheduleDelayedAck(long deadline) {
        sim.schedule(deadline, id, Simulation.DELAYED_ACK);
    }

    // ---- results ------------------------------------------------------------------------------

    FlowResult result(long end) {
        long deliveredBytes = sndUna >= totalSegments ? sizeBytes : sndUna * Wire.MSS;
        long activeEnd = completed ? finishTime : end;
        double activeSeconds = (activeEnd - start) / 1e9;
        double goodput = activeSeconds > 0 ? deliveredBytes * 8 / activeSeconds / 1e6 : 0;
        long minRtt = rtt.minRtt();
        long srtt = rtt.srtt();
        return new FlowResult(id, label, ccaName, kind,
                new FlowResult.Transfer(start / 1e9, sizeBytes, completed,
                        completed ? (finishTime - start) / 1e6 : Double.NaN, deliveredBytes, goodput),
                new FlowResult.Packets(packetsSent, retransmissions, timeouts, fastRecoveries),
                new FlowResult.Rtt(2 * oneWayDelay / 1e6, minRtt == Long.MAX_VALUE ? Double.NaN : minRtt / 1e6,
                        srtt < 0 ? Double.NaN : srtt / 1e6));
    }

    // ---- Connection ---------------------------------------------------------------------------

    @Override
    public long now() {
        return now;
    }

    @Override
    public int initialWindow() {
        return initialWindow;
    }

    @Override
    public long sndUna() {
        return sndUna;
    }

    @Override
    public long sndNxt() {
        return sndNxt;
    }

    @Override
    public long highestSent() {
        return maxSent;
    }

    @Override
    public long flightSize() {
        return sndNxt - sndUna;
    }

    @Override
    public long inFlight() {
        return scoreboard.inFlight(sndNxt - sndUna);
    }

    @Override
    public long priorInFlight() {
        return priorInFlight;
    }

    @Override
    public long delivered() {
        return rate.delivered;
    }

    @Override
    public int ackedPackets() {
        return ackAcked;
    }

    @Override
    public int deliveredPackets() {
        return ackDelivered;
    }

    @Override
    public long rttNanos() {
        return ackRtt;
    }

    @Override
    public boolean ecnEcho() {
        return ackEce;
    }

    @Override
    public boolean inRecovery() {
        return ackInRecovery;
    }

    @Override
    public boolean lossDetected() {
        return ackLoss;
    }

    @Override
    public double deliveryRate() {
        return rate.rate();
    }

    @Override
    public boolean rateSampleAppLimited() {
        return rate.sampleAppLimited();
    }

    @Override
    public long rateSamplePriorDelivered() {
        return rate.priorDelivered();
    }

    @Override
    public long srttNanos() {
        return rtt.srtt();
    }

    @Override
    public long minRttNanos() {
        return rtt.minRtt();
    }

    @Override
    public void markAppLimited() {
        rate.markAppLimited(inFlight());
    }

    @Override
    public UniformRandomProvider random() {
        if (random == null) {
            random = RandomSource.XO_RO_SHI_RO_128_PP.create(randomSeed);
        }
        return random;
    }
}
