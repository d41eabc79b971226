package org.triscale.emulator.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.base.Ecn;
import org.triscale.emulator.base.Rate;

/**
 * RED against Floyd and Jacobson (1993): with the queue held at a constant length the average
 * converges to it, and the count-based spreading makes the gap between drops uniform on
 * {@code [1, 1/p_b]}, so a fraction {@code 2 p_b / (1 + p_b)} of the arrivals is dropped.
 */
class RedTest {

    private static Red red(boolean ecn) {
        QueueDiscipline.Setup setup = new QueueDiscipline.Setup(Rate.mbps(10), Packets.of(1000),
                RandomSource.XO_RO_SHI_RO_128_PP.create(11L));
        return new Red(setup, 5, 15, 0.02, 0.002, ecn);
    }

    /** Holds the queue at {@code length} packets: each arrival is followed by one departure. */
    private static long[] holdQueue(Red red, int length, int arrivals, Ecn ecn) {
        long t = 0;
        for (int i = 0; i < length; i++) {
            Packet p = new Packet(0, i, 0, 1500, Ecn.NOT_ECT);
            p.enqueuedAt(t);
            red.enqueue(p, t);
        }
        long dropped = 0;
        long marked = 0;
        for (int i = 0; i < arrivals; i++) {
            t += 1_000_000;
            Packet p = new Packet(0, i, 0, 1500, ecn);
            p.enqueuedAt(t);
            if (!red.enqueue(p, t)) {
                dropped++;
            } else {
                if (p.ecn() == Ecn.CE) {
                    marked++;
                }
                red.dequeue(t);
            }
        }
        return new long[] {dropped, marked};
    }

    /**
     * Floyd and Jacobson (1993): while the queue is empty the average decays as if packets of the
     * idle link's transmission time arrived, {@code avg (1 − wq)^m}, also when the arrivals to the
     * empty queue are dropped (above 2 maxTh). Regression: the decay once stopped after the first
     * dropped arrival, so sparse arrivals (senders in timeout back-off) kept the average above
     * 2 maxTh and every one of them was dropped.
     */
    @Test
    void theAverageDecaysOverIdleTimeAlsoWhenArrivalsToTheEmptyQueueAreDropped() {
        Red red = red(false);
        long t = 0;
        // A burst of 1,000 back-to-back arrivals: the queue grows until the average passes
        // 2 maxTh = 30, then every arrival is dropped while the average climbs on.
        for (int i = 0; i < 1000; i++) {
            Packet p = new Packet(0, i, 0, 1500, Ecn.NOT_ECT);
            p.enqueuedAt(t);
            red.enqueue(p, t);
        }
        while (red.packets() > 0) {
            t += 1_200_000;
            red.dequeue(t);
        }
        double avg0 = red.averageQueue();
        long idleStart = t;
        assertThat(avg0).isGreaterThan(30);
        // One arrival every 200 ms into the empty queue for 1 s: the first ones are dropped
        // (above 2 maxTh, or early), yet the average follows the idle-time decay throughout.
        for (int i = 0; i < 5; i++) {
            t += 200_000_000L;
            Packet p = new Packet(0, i, 0, 1500, Ecn.NOT_ECT);
            p.enqueuedAt(t);
            red.enqueue(p, t);
            if (red.packets() > 0) {
                break;
            }
            double idlePackets = (t - idleStart) / 1_200_000.0;
            assertThat(red.averageQueue()).isCloseTo(avg0 * Math.pow(1 - 0.002, idlePackets), within(1e-9 * avg0));
        }
        assertThat(red.drops()).isGreaterThan(0);
    }

    @Test
    void dropFractionMatchesTheUniformisedLinearProbability() {
        Red red = red(false);
        int n = 200_000;
        long dropped = holdQueue(red, 10, n, Ecn.NOT_ECT)[0];

        assertThat(red.averageQueue()).isCloseTo(10, within(0.5));
        double pb = 0.02 * (10 - 5) / (15 - 5.0);
        double expected = 2 * pb / (1 + pb);
        // Binomial standard error about 0.0003; allow the average's approach from below.
        assertThat(dropped / (double) n).isCloseTo(expected, within(0.0025));
    }

    @Test
    void marksEcnCapablePacketsInsteadOfDroppingThem() {
        Red red = red(true);
        long[] outcome = holdQueue(red, 10, 50_000, Ecn.ECT_0);

        assertThat(outcome[0]).isZero();
        assertThat(outcome[1]).isPositive();
    }

    @Test
    void dropsEveryArrivalAboveTwiceMaxTh() {
        Red red = red(true);
        long[] outcome = holdQueue(red, 40, 20_000, Ecn.ECT_0);

        assertThat(red.averageQueue()).isGreaterThan(30);
        assertThat(outcome[0]).isGreaterThan(15_000);
    }

    @Test
    void rejectsThresholdsInTheWrongOrder() {
        assertThatThrownBy(() -> Red.of(15, 5, 0.02, 0.002, true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minTh").hasMessageContaining("ns-3");
    }
}
