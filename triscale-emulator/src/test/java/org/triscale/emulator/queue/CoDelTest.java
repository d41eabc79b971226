package org.triscale.emulator.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.base.Ecn;

/** CoDel against RFC 8289: when it starts dropping, and the spacing of its drops (the control law). */
class CoDelTest {
    private static final long RATE = 10_000_000L;
    private static final long TX = 1_200_000L;
    private static final long INTERVAL = 100_000_000L;

    @Test
    void firstDropComesOneIntervalAfterTheSojournTimeExceedsTheTargetAndLaterOnesFollowTheControlLaw() {
        CoDel codel = new CoDel(Packets.of(100_000), CoDel.TARGET, CoDel.INTERVAL, false);
        QueueHarness h = new QueueHarness(codel, RATE);
        List<Long> dropTimes = new ArrayList<>();
        long[] seen = {0};
        // 25 % overload: the queue grows without bound unless CoDel drops.
        h.run(3_000_000_000L, TX * 4 / 5, QueueHarness.packets(1, Ecn.NOT_ECT), () -> {
            if (codel.drops() > seen[0]) {
                long t = h.departures.get(h.departures.size() - 1)[0];
                for (long d = seen[0]; d < codel.drops(); d++) {
                    dropTimes.add(t - TX);
                }
                seen[0] = codel.drops();
            }
        });

        long firstAbove = h.departures.stream().filter(d -> d[1] - TX >= 5_000_000L).mapToLong(d -> d[0] - TX)
                .findFirst().orElseThrow();
        assertThat(dropTimes.get(0)).isBetween(firstAbove + INTERVAL - TX, firstAbove + INTERVAL + 2 * TX);
        // Drop n+1 comes interval / sqrt(n) after drop n (RFC 8289 §5.5), to within one dequeue.
        for (int n = 1; n < 15; n++) {
            long gap = dropTimes.get(n) - dropTimes.get(n - 1);
            assertThat(gap).as("gap after drop %d", n)
                    .isBetween((long) (INTERVAL / Math.sqrt(n)) - TX, (long) (INTERVAL / Math.sqrt(n)) + 2 * TX);
        }
    }

    @Test
    void marksEcnCapablePacketsInsteadOfDroppingThem() {
        CoDel codel = new CoDel(Packets.of(100_000), CoDel.TARGET, CoDel.INTERVAL, true);
        QueueHarness h = new QueueHarness(codel, RATE);
        h.run(2_000_000_000L, TX * 4 / 5, QueueHarness.packets(1, Ecn.ECT_0), null);

        assertThat(codel.drops()).isZero();
        assertThat(h.count(0, Ecn.CE)).isGreaterThan(10);
    }

    @Test
    void doesNotDropWhenTheLoadFits() {
        CoDel codel = new CoDel(Packets.of(1000), CoDel.TARGET, CoDel.INTERVAL, false);
        QueueHarness h = new QueueHarness(codel, RATE);
        h.run(2_000_000_000L, TX * 11 / 10, QueueHarness.packets(1, Ecn.NOT_ECT), null);

        assertThat(codel.drops()).isZero();
        assertThat(h.refusals).isEmpty();
    }

    @Test
    void rejectsAnIntervalNotAboveTheTarget() {
        assertThatThrownBy(() -> CoDel.of(Duration.ofMillis(5), Duration.ofMillis(5), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("interval")
                .hasMessageContaining("100 ms");
    }
}
