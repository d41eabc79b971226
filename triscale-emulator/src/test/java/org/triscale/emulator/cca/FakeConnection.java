package org.triscale.emulator.cca;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/** A connection whose every field the test sets; {@link #ack} plays one ACK through an algorithm. */
final class FakeConnection implements Connection {
    long now;
    long sndUna;
    long sndNxt;
    long flightSize;
    long inFlight;
    long delivered;
    int acked;
    long rtt = -1;
    boolean ece;
    boolean inRecovery;
    long srtt = -1;
    long minRtt = Long.MAX_VALUE;
    boolean appLimited;
    final UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);

    /** One ACK of {@code packets} new segments at {@code time} with an RTT sample; keeps cwnd segments out. */
    void ack(CongestionControl cc, long time, int packets, long rttSample) {
        now = time;
        acked = packets;
        rtt = rttSample;
        sndUna += packets;
        delivered += packets;
        cc.onAck(this);
        sndNxt = sndUna + (long) cc.cwnd();
        flightSize = sndNxt - sndUna;
        inFlight = flightSize;
    }

    /** One round trip of ACKs, one per segment of the current window, spread evenly. */
    void round(CongestionControl cc, long rttNanos) {
        long window = Math.max(1, (long) cc.cwnd());
        long start = now;
        for (long i = 1; i <= window; i++) {
            ack(cc, start + rttNanos * i / window, 1, rttNanos);
        }
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public int initialWindow() {
        return 10;
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
        return sndNxt;
    }

    @Override
    public long flightSize() {
        return flightSize;
    }

    @Override
    public long inFlight() {
        return inFlight;
    }

    @Override
    public long priorInFlight() {
        return inFlight;
    }

    @Override
    public long delivered() {
        return delivered;
    }

    @Override
    public int ackedPackets() {
        return acked;
    }

    @Override
    public int deliveredPackets() {
        return acked;
    }

    @Override
    public long rttNanos() {
        return rtt;
    }

    @Override
    public boolean ecnEcho() {
        return ece;
    }

    @Override
    public boolean inRecovery() {
        return inRecovery;
    }

    @Override
    public boolean lossDetected() {
        return false;
    }

    @Override
    public double deliveryRate() {
        return Double.NaN;
    }

    @Override
    public boolean rateSampleAppLimited() {
        return appLimited;
    }

    @Override
    public long rateSamplePriorDelivered() {
        return -1;
    }

    @Override
    public long srttNanos() {
        return srtt;
    }

    @Override
    public long minRttNanos() {
        return minRtt;
    }

    @Override
    public void markAppLimited() {
        appLimited = true;
    }

    @Override
    public UniformRandomProvider random() {
        return random;
    }
}
