package org.triscale.emulator.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.emulator.base.Ecn;

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
        // Within the second the overload handling starts dropping too; what leaves is marked.
        assertThat(h.count(0, Ecn.CE) / (double) h.departures.size()).isGreaterThan(0.9);
    }

    /**
     * RFC 9332 §4.2.3: unresponsive ECN-capable traffic at twice the link rate drives the coupled
     * probability past 1 (p' > 1/k); from then on drops replace marks, so the admitted rate fits
     * the link (drop fraction 1 − 1/2 = p'²) and the queue stays at the target, in either queue.
     * Without overload handling marks alone would let the queue grow to the buffer.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"ECT_1", "ECT_0"})
    void unresponsiveEcnTrafficMeetsDropsOnceTheCoupledProbabilitySaturates(Ecn ecn) {
        DualPi2 q = dualPi2();
        QueueHarness h = new QueueHarness(q, RATE);
        double[] base = {0};
        int[] n = {0};
        long from = 10_000_000_000L;
        h.run(30_000_000_000L, TX / 2, QueueHarness.packets(1, ecn), () -> {
            if (h.departures.get(h.departures.size() - 1)[0] >= from) {
                base[0] += q.baseProbability();
                n[0]++;
            }
        });
        double p = base[0] / n[0];
        double dropFraction = ecn == Ecn.ECT_1 ? q.l4sDropFraction() : q.classicSignalFraction();

        assertThat(DualPi2.K * p).isGreaterThan(1);
        assertThat(p * p).isCloseTo(0.5, within(0.03));
        assertThat(dropFraction).isCloseTo(0.5, within(0.03));
        assertThat(h.count(from, Ecn.ECT_0)).as("classic ECN-capable packets are dropped, not marked")
                .isEqualTo(ecn == Ecn.ECT_0 ? h.departuresAfter(from).size() : 0);
        assertThat(h.meanSojournMillis(from)).isCloseTo(15, within(3.0));
    }

    @Test
    void rejectsANonPositiveCouplingFactor() {
        assertThatThrownBy(() -> new DualPi2(Packets.of(10), DualPi2.TARGET, DualPi2.T_UPDATE, 0, DualPi2.STEP,
                RandomSource.XO_RO_SHI_RO_128_PP.create(3L))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k").hasMessageContaining("2");
    }
}
