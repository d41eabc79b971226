package org.triscale.emulator;

/**
 * RFC 6298 round-trip estimation: SRTT and RTTVAR with gains 1/8 and 1/4 from every RTT sample
 * (timestamps make every ACK a valid sample, RFC 7323); RTO = SRTT + max(4 RTTVAR, 200 ms), at
 * most 60 s, doubled on each timeout until the next sample. The minimum (200 ms by default) applies to the
 * variance term as in Linux ({@code tcp_rto_min}), not to the whole RTO as RFC 6298 §2.4 would:
 * per-ACK samples on a saturated link drive RTTVAR to nearly zero, and an RTO of SRTT + 1 ms
 * would expire for every retransmission that waits behind a full buffer.
 */
final class RttEstimator {
    static final long INITIAL_RTO = 1_000_000_000L;
    static final long MAX_RTO = 60_000_000_000L;

    private final long minRto;
    private long srtt = -1;
    private long rttvar;
    private long minRtt = Long.MAX_VALUE;
    private long rto = INITIAL_RTO;

    RttEstimator(long minRto) {
        this.minRto = minRto;
    }

    void sample(long r) {
        if (srtt < 0) {
            srtt = r;
            rttvar = r / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - r)) / 4;
            srtt = (7 * srtt + r) / 8;
        }
        if (r < minRtt) {
            minRtt = r;
        }
        rto = Math.min(MAX_RTO, srtt + Math.max(minRto, 4 * rttvar));
    }

    void backOff() {
        rto = Math.min(rto * 2, MAX_RTO);
    }

    long rto() {
        return rto;
    }

    long srtt() {
        return srtt;
    }

    long minRtt() {
        return minRtt;
    }
}
