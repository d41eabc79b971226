package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReceiverTest {

    record Ack(long time, long ackNo, long echo, long trigger, boolean ece) {
    }

    static final class Sink implements AckSink {
        final List<Ack> acks = new ArrayList<>();
        final List<Long> timers = new ArrayList<>();

        @Override
        public void sendAck(long time, long ackNo, long echo, long trigger, boolean ece) {
            acks.add(new Ack(time, ackNo, echo, trigger, ece));
        }

        @Override
        public void scheduleDelayedAck(long deadline) {
            timers.add(deadline);
        }
    }

    @Test
    void acksEverySegmentCumulativelyAndReportsOutOfOrderOnes() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, false);

        r.onSegment(10, 0, 1, false, false);
        r.onSegment(11, 2, 2, false, false);
        r.onSegment(12, 3, 3, true, false);
        r.onSegment(13, 1, 4, false, false);
        r.onSegment(14, 1, 5, false, false);

        assertThat(sink.acks).containsExactly(
                new Ack(10, 1, 1, 0, false),
                new Ack(11, 1, 2, 2, false),
                new Ack(12, 1, 3, 3, true),
                new Ack(13, 4, 4, 1, false),
                new Ack(14, 4, 5, 1, false));
    }

    @Test
    void holdsFarOutOfOrderSegmentsUntilTheGapIsFilled() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, false);
        for (long s = 1; s < 5000; s++) {
            r.onSegment(s, s, s, false, false);
        }
        assertThat(sink.acks).allSatisfy(a -> assertThat(a.ackNo()).isZero());
        r.onSegment(6000, 0, 0, false, false);
        assertThat(sink.acks.get(sink.acks.size() - 1).ackNo()).isEqualTo(5000);
    }

    @Test
    void delayedAcksCoverTwoSegmentsOrWaitForTheTimer() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, true);

        r.onSegment(100, 0, 1, false, false);
        assertThat(sink.acks).isEmpty();
        assertThat(sink.timers).containsExactly(100 + Receiver.DELAYED_ACK_NANOS);
        r.onSegment(110, 1, 2, false, false);
        // The ACK for two segments echoes the first one's timestamp (RFC 7323).
        assertThat(sink.acks).containsExactly(new Ack(110, 2, 1, 1, false));

        r.onSegment(200, 2, 3, false, false);
        r.onDelayedAckTimer(150);
        assertThat(sink.acks).hasSize(1);
        r.onDelayedAckTimer(200 + Receiver.DELAYED_ACK_NANOS);
        assertThat(sink.acks).last().isEqualTo(new Ack(200 + Receiver.DELAYED_ACK_NANOS, 3, 3, 2, false));
    }

    @Test
    void keepsOneDelayedAckTimerOutstanding() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, true);

        r.onSegment(100, 0, 1, false, false);
        r.onSegment(110, 1, 2, false, false);
        r.onSegment(120, 2, 3, false, false);
        // The first timer still stands: no second event for the second pending ACK.
        assertThat(sink.timers).containsExactly(100 + Receiver.DELAYED_ACK_NANOS);
        // It fires before the new deadline and re-arms itself once, for that deadline.
        r.onDelayedAckTimer(100 + Receiver.DELAYED_ACK_NANOS);
        assertThat(sink.timers).containsExactly(100 + Receiver.DELAYED_ACK_NANOS, 120 + Receiver.DELAYED_ACK_NANOS);
        r.onDelayedAckTimer(120 + Receiver.DELAYED_ACK_NANOS);
        assertThat(sink.acks).last().isEqualTo(new Ack(120 + Receiver.DELAYED_ACK_NANOS, 3, 3, 2, false));
    }

    @Test
    void acksAShortPushedSegmentAtOnce() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, true);

        r.onSegment(100, 0, 1, false, true);
        assertThat(sink.acks).containsExactly(new Ack(100, 1, 1, 0, false));
    }

    @Test
    void delayedAckReceiverAcksAtOnceOnGapsAndOnCeChanges() {
        Sink sink = new Sink();
        Receiver r = new Receiver(sink, true);

        r.onSegment(1, 0, 1, false, false);
        // A CE-marked segment: the pending ACK goes out first with the old CE state (RFC 8257 §3.2).
        r.onSegment(2, 1, 2, true, false);
        assertThat(sink.acks).containsExactly(new Ack(2, 1, 1, 0, false));
        // Out of order: immediate duplicate ACK.
        r.onSegment(3, 5, 3, true, false);
        assertThat(sink.acks).last().isEqualTo(new Ack(3, 2, 2, 5, true));
    }
}
