package org.triscale.emulator.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.triscale.emulator.base.Ecn;

/** FQ-CoDel against RFC 8290: byte fairness by DRR, isolation of a light flow, overflow from the fattest. */
class FqCoDelTest {
    private static final long RATE = 10_000_000L;
    private static final long TX = 1_200_000L;

    private static FqCoDel fq(int limit, int flows) {
        return new FqCoDel(Packets.of(limit), flows, 1500, CoDel.TARGET, CoDel.INTERVAL, true);
    }

    @Test
    void twoOverloadingFlowsWithDifferentPacketSizesGetEqualBytes() {
        FqCoDel q = fq(10_000, 1024);
        QueueHarness h = new QueueHarness(q, RATE);
        // Flow 0 sends 1,500-byte packets, flow 1 500-byte ones, each alone above the link rate.
        h.run(5_000_000_000L, TX / 3, i -> new Packet(i % 2, i, 0, i % 2 == 0 ? 1500 : 500, Ecn.NOT_ECT), null);

        long[] bytes = new long[2];
        for (long[] d : h.departuresAfter(1_000_000_000L)) {
            bytes[(int) d[2]] += d[2] == 0 ? 1500 : 500;
        }
        assertThat(bytes[0] / (double) bytes[1]).isCloseTo(1, within(0.02));
    }

    @Test
    void aLightFlowBesideAnOverloadingOneSeesNeitherDropsNorQueue() {
        FqCoDel q = fq(10_000, 1024);
        QueueHarness h = new QueueHarness(q, RATE);
        // Every tenth packet is the light flow's (flow 1): 15 % of the link; the other flow overloads it.
        h.run(5_000_000_000L, TX * 2 / 3, i -> new Packet(i % 10 == 0 ? 1 : 0, i, 0, 1500, Ecn.NOT_ECT), null);

        double lightSojourn = h.departuresAfter(1_000_000_000L).stream().filter(d -> d[2] == 1)
                .mapToLong(d -> d[1]).max().orElseThrow() / 1e6;
        long lightSent = h.departuresAfter(0).stream().filter(d -> d[2] == 1).count();
        assertThat(lightSojourn).as("light flow's largest sojourn, ms").isLessThan(2.5);
        long lightOffered = (h.offered + 9) / 10;
        // Every light packet left or is still queued (one may be on the wire).
        assertThat(lightOffered - lightSent - q.packetsOf(1)).isBetween(0L, 1L);
    }

    @Test
    void overflowDropsFromTheFattestFlow() {
        FqCoDel q = fq(20, 1024);
        for (int i = 0; i < 15; i++) {
            Packet p = new Packet(0, i, 0, 1500, Ecn.NOT_ECT);
            assertThat(q.enqueue(p, 0)).isTrue();
        }
        for (int i = 0; i < 5; i++) {
            assertThat(q.enqueue(new Packet(1, i, 0, 1500, Ecn.NOT_ECT), 0)).isTrue();
        }
        // The 21st packet overflows the buffer: flow 0 (15 packets) loses half of its backlog.
        assertThat(q.enqueue(new Packet(1, 5, 0, 1500, Ecn.NOT_ECT), 0)).isTrue();
        assertThat(q.packetsOf(0)).isEqualTo(7);
        assertThat(q.packetsOf(1)).isEqualTo(6);
        assertThat(q.drops()).isEqualTo(8);
    }

    @Test
    void rejectsZeroFlows() {
        assertThatThrownBy(() -> FqCoDel.withFlows(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("flows").hasMessageContaining("1024");
    }
}
