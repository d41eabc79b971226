package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.BufferSize;
import org.triscale.emulator.queue.Bytes;
import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalInt;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.link.LossModel;

class BottleneckTest {
    /** 12 Mbit/s: a 1,500-byte packet takes exactly 1 ms. */
    private static final Rate RATE = Rate.mbps(12);
    private static final long MS = 1_000_000L;

    private static Bottleneck link(BufferSize buffer, OptionalInt ecn, double loss) {
        return new Bottleneck(RATE, buffer, ecn,
                new LossModel.Bernoulli(loss).process(RandomSource.XO_RO_SHI_RO_128_PP.create(1L)), 1000 * MS);
    }

    @Test
    void fifoServesAtTheLinkRate() {
        Bottleneck b = link(Packets.of(10), OptionalInt.empty(), 0);

        assertThat(b.enqueue(0, 1500, false)).isEqualTo(MS);
        assertThat(b.enqueue(0, 1500, false)).isEqualTo(2 * MS);
        assertThat(b.enqueue(0, 750, false)).isEqualTo(2 * MS + MS / 2);
        // After the queue drained, a packet is sent at once.
        assertThat(b.enqueue(10 * MS, 1500, false)).isEqualTo(11 * MS);
        LinkStats s = b.stats();
        assertThat(s.packetsForwarded()).isEqualTo(4);
        assertThat(s.maxQueuePackets()).isEqualTo(3);
        // Waits: 0, 1 and 2 ms, then 0.
        assertThat(s.meanQueueingDelayMillis()).isCloseTo(3.0 / 4, within(1e-9));
        assertThat(s.utilisation()).isCloseTo(3.5 / 1000, within(1e-9));
    }

    @Test
    void dropTailInPacketsDropsArrivalsAtAFullBuffer() {
        Bottleneck b = link(Packets.of(3), OptionalInt.empty(), 0);
        for (int i = 0; i < 3; i++) {
            assertThat(b.enqueue(0, 1500, false)).isPositive();
        }
        assertThat(b.enqueue(0, 1500, false)).isEqualTo(Bottleneck.DROPPED);
        // One packet has left at 1 ms: room for one more.
        assertThat(b.enqueue(MS, 1500, false)).isEqualTo(4 * MS);
        assertThat(b.enqueue(MS, 1500, false)).isEqualTo(Bottleneck.DROPPED);
        assertThat(b.stats().bufferDrops()).isEqualTo(2);
    }

    @Test
    void dropTailInBytesCountsBytes() {
        Bottleneck b = link(Bytes.of(3000), OptionalInt.empty(), 0);
        assertThat(b.enqueue(0, 1500, false)).isPositive();
        assertThat(b.enqueue(0, 1000, false)).isPositive();
        assertThat(b.enqueue(0, 600, false)).isEqualTo(Bottleneck.DROPPED);
        assertThat(b.enqueue(0, 500, false)).isPositive();
    }

    @Test
    void marksEcnCapablePacketsWhenTheQueueExceedsTheThreshold() {
        Bottleneck b = link(Packets.of(10), OptionalInt.of(2), 0);
        b.enqueue(0, 1500, true);
        assertThat(b.lastMarked).isFalse();
        b.enqueue(0, 1500, true);
        assertThat(b.lastMarked).isFalse();
        // The third packet makes the queue exceed K = 2.
        b.enqueue(0, 1500, true);
        assertThat(b.lastMarked).isTrue();
        b.enqueue(0, 1500, false);
        assertThat(b.lastMarked).as("not ECN-capable").isFalse();
        assertThat(b.stats().ecnMarks()).isEqualTo(1);
    }

    @Test
    void randomLossDropsTheRequestedFraction() {
        Bottleneck b = link(Packets.of(1_000_000), OptionalInt.empty(), 0.02);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            b.enqueue(i * MS, 1500, false);
        }
        // Binomial(200,000, 0.02): standard deviation about 63.
        assertThat(b.stats().randomDrops()).isBetween(4000L - 4 * 63, 4000L + 4 * 63);
    }

    @Test
    void queueGrowsBeyondItsInitialCapacity() {
        Bottleneck b = link(Packets.of(5000), OptionalInt.empty(), 0);
        for (int i = 0; i < 3000; i++) {
            assertThat(b.enqueue(0, 1500, false)).isEqualTo((i + 1) * MS);
        }
        assertThat(b.stats().maxQueuePackets()).isEqualTo(3000);
    }
}
