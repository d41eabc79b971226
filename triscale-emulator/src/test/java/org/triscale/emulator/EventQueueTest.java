package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    void popsInTimeOrderWithTiesBrokenById() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(99L);
        EventQueue q = new EventQueue();
        List<long[]> pushed = new ArrayList<>();
        List<long[]> popped = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < 200; i++) {
                long t = rng.nextLong(1000);
                int id = rng.nextInt(50);
                q.push(t, id);
                pushed.add(new long[] {t, id});
            }
            for (int i = 0; i < 150; i++) {
                popped.add(new long[] {q.peekTime(), q.peekId()});
                q.pop();
            }
        }
        while (!q.isEmpty()) {
            popped.add(new long[] {q.peekTime(), q.peekId()});
            q.pop();
        }

        assertThat(popped).hasSameSizeAs(pushed);
        // Every batch of pops is in (time, id) order.
        Comparator<long[]> order = Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]);
        List<long[]> tail = popped.subList(50 * 150, popped.size());
        assertThat(tail).isSortedAccordingTo(order);
        List<long[]> all = new ArrayList<>(pushed);
        all.sort(order);
        List<long[]> sortedPopped = new ArrayList<>(popped);
        sortedPopped.sort(order);
        assertThat(sortedPopped).usingElementComparator(order).containsExactlyElementsOf(all);
    }

    @Test
    void firstBatchComesOutSorted() {
        EventQueue q = new EventQueue();
        long[] times = {5, 3, 9, 3, 1, 7, 3};
        int[] ids = {0, 4, 1, 2, 8, 6, 3};
        for (int i = 0; i < times.length; i++) {
            q.push(times[i], ids[i]);
        }
        StringBuilder order = new StringBuilder();
        while (!q.isEmpty()) {
            order.append(q.peekTime()).append('/').append(q.peekId()).append(' ');
            q.pop();
        }
        assertThat(order.toString().trim()).isEqualTo("1/8 3/2 3/3 3/4 5/0 7/6 9/1");
        assertThat(q.size()).isZero();
    }
}
