package org.triscale.emulator.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.Ecn;

/** DualPI2 against RFC 9332: classification on ECT(1), the squared classic probability, the coupling. */
class DualPi2Test {
    private static final long RATE = 10_000_000L;
    private static final long TX = 1_200_000L;

    private static DualPi2 dualPi2() {
        return new DualPi2(Packets.of(100_000), DualPi2.TARGET, DualPi2.T_UPDATE, DualPi2.K, DualPi2.STEP,
                RandomSource.XO_RO_SHI_RO_128_PP.create(3L));
    }

    @Test
    void classicDropsSettleWhereTheAdmittedRateFitsWithPcTheSquareOfTheBaseProbability() {
        DualPi2 q = dualPi2();
        QueueHarness h = new QueueHarness(q, RATE);
        double[] base = {0};
        int[] n = {0};
        long from = 10_000_000_000L;
        // 25 % classic overload: the admitted rate fits the link when p_C = 1 - 1/1.25 = 0.2.
        h.run(30_000_000_000L, TX * 4 / 5, QueueHarness.packets(1, Ecn.NOT_ECT), () -> {
            if (h.departures.get(h.departures.size() - 1)[0] >= from) {
                base[0] += q.baseProbability();
                n[0]++;
            }
        });
        double p = base[0] / n[0];

        assertThat(p * p).isCloseTo(0.2, within(0.03));
        assertThat(q.classicSignalFraction()).isCloseTo(0.2, within(0.03));
        assertThat(h.meanSojournMillis(from)).isCloseTo(15, within(3.0));
        // The coupled L4S probability is k p' = k sqrt(p_C) (RFC 9332 §2.1).
        assertThat(q.couplingProbability()).isCloseTo(DualPi2.K * Math.sqrt(q.classicProbability()), within(1e-12));
    }

    @Test
    void ect1AndCeGoToTheLowLatencyQueueAndLeaveFirst() {
        DualPi2 q = dualPi2();
        Packet classic = new Packet(0, 0, 0, 1500, Ecn.ECT_0);
        Packet l4s = new Packet(1, 0, 0, 1500, Ecn.ECT_1);
        Packet ce = new Packet(2, 0, 0, 1500, Ecn.CE);
        for (Packet p : new Packet[] {classic, l4s, ce}) {
            p.enqueuedAt(0);
            assertThat(q.enqueue(p, 0)).isTrue();
        }
        assertThat(q.dequeue(1)).isSameAs(l4s);
        assertThat(q.dequeue(2)).isSameAs(ce);
        assertThat(q.dequeue(3)).isSameAs(classic);
        assertThat(q.dequeue(4)).isNull();
    }

    @Test
    void stepMarksEveryL4sPacketThatWaitedAtLeastOneMillisecond() {
        DualPi2 q = dualPi2();
        QueueHarness h = new QueueHarness(q, RATE);
        // L4S overload: the queue grows, every packet that waited >= 1 ms leaves marked.
        h.run(1_000_000_000L, TX / 2, QueueHarness.packets(1, Ecn.ECT_1), null);

        for (long[] d : h.departures) {
            // The decision is taken at dequeue, one transmission time before the departure.
            if (d[1] - TX >= 1_000_000L) {
                assertThat(d[3]).isEqualTo(Ecn.CE.ordinal());
            }
        }
        assertThat(q.l4sMarkFraction()).isGreaterThan(0.9);
    }

    @Test
    void rejectsANonPositiveCouplingFactor() {
        assertThatThrownBy(() -> new DualPi2(Packets.of(10), DualPi2.TARGET, DualPi2.T_UPDATE, 0, DualPi2.STEP,
                RandomSource.XO_RO_SHI_RO_128_PP.create(3L))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k").hasMessageContaining("2");
    }
}
