package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScoreboardTest {
    private final SentSegments segments = new SentSegments();
    private final Scoreboard board = new Scoreboard(segments);
    private final DeliveryRate rate = new DeliveryRate();

    private void send(long from, long to, long time) {
        for (long s = from; s < to; s++) {
            segments.ensureCapacity(0, s + 1);
            int slot = segments.slot(s);
            segments.flags[slot] = 0;
            rate.onSend(segments, slot, time, 0);
        }
    }

    @Test
    void threeSackedSegmentsAboveMakeASegmentLost() {
        send(0, 10, 0);
        board.sack(3, rate, 5);
        board.sack(4, rate, 5);
        assertThat(board.markLost(0)).isZero();
        board.sack(5, rate, 5);

        // Segments 0, 1 and 2 have three SACKed segments above them.
        assertThat(board.markLost(0)).isEqualTo(3);
        assertThat(board.isLost(2)).isTrue();
        assertThat(board.isLost(3)).isFalse();
        assertThat(board.isLost(6)).isFalse();
        // Linux's flight: 10 outstanding − 3 SACKed − 3 lost.
        assertThat(board.inFlight(10)).isEqualTo(4);
        assertThat(board.nextLost(0)).isZero();
        board.onRetransmit(0, 6);
        assertThat(board.inFlight(10)).isEqualTo(5);
        assertThat(board.nextLost(0)).isEqualTo(1);
        assertThat(rate.delivered).isEqualTo(3);
    }

    @Test
    void cumulativeAckRemovesSegmentsAndCountsOnlyNewDeliveries() {
        send(0, 10, 0);
        board.sack(3, rate, 5);
        board.sack(4, rate, 5);
        board.sack(5, rate, 5);
        board.markLost(0);

        int delivered = board.cumulativeAck(0, 6, rate, 6);

        assertThat(delivered).isEqualTo(3);
        assertThat(board.sackedOut).isZero();
        assertThat(board.lostOut).isZero();
        assertThat(board.inFlight(4)).isEqualTo(4);
        assertThat(rate.delivered).isEqualTo(6);
    }

    @Test
    void aRetransmissionOvertakenByALaterSegmentIsLostAgain() {
        send(0, 6, 0);
        board.sack(1, rate, 5);
        board.sack(2, rate, 5);
        board.sack(3, rate, 5);
        board.markLost(0);
        board.onRetransmit(0, 10);
        segments.sendTime[segments.slot(0)] = 10;
        assertThat(board.nextLost(0)).isEqualTo(-1);
        // Segment 6 is sent after the retransmission and arrives: the retransmission was dropped.
        send(6, 7, 11);
        board.sack(6, rate, 20);
        board.detectLostRetransmissions(0);

        assertThat(board.retransmittedOut).isZero();
        assertThat(board.nextLost(0)).isZero();
    }

    @Test
    void afterATimeoutEverythingNotSackedIsLost() {
        send(0, 8, 0);
        board.sack(2, rate, 5);
        board.markAllLost(0, 8);

        assertThat(board.lostOut).isEqualTo(7);
        assertThat(board.inFlight(8)).isZero();
        assertThat(board.nextLost(0)).isZero();
        board.forgetSacks(0, 8);
        assertThat(board.sackedOut).isZero();
    }
}
