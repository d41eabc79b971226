package org.triscale.junit.internal.recording;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SampleBufferTest {
    @Test
    void growsAndKeepsOrder() {
        SampleBuffer buffer = new SampleBuffer();
        for (int i = 0; i < 1000; i++) {
            assertThat(buffer.add(i, 2.0 * i)).isTrue();
        }
        assertThat(buffer.size()).isEqualTo(1000);
        assertThat(buffer.xs()).hasSize(1000).startsWith(0, 1, 2).endsWith(999);
        assertThat(buffer.ys()).startsWith(0, 2, 4).endsWith(1998);
    }

    @Test
    void dropsAndCountsNaNKeepingPositions() {
        SampleBuffer buffer = new SampleBuffer();
        buffer.add(5);
        buffer.add(Double.NaN);
        buffer.add(7);

        assertThat(buffer.size()).isEqualTo(2);
        assertThat(buffer.droppedNaN()).isEqualTo(1);
        assertThat(buffer.xs()).containsExactly(0, 2);
        assertThat(buffer.ys()).containsExactly(5, 7);
    }

    @Test
    void nanInXIsDroppedToo() {
        SampleBuffer buffer = new SampleBuffer();
        buffer.add(Double.NaN, 1);
        assertThat(buffer.size()).isZero();
        assertThat(buffer.droppedNaN()).isEqualTo(1);
    }

    @Test
    void refusesToMixExplicitAndImplicitX() {
        SampleBuffer explicit = new SampleBuffer();
        explicit.add(0.5, 1);
        assertThat(explicit.add(1)).isFalse();

        SampleBuffer implicit = new SampleBuffer();
        implicit.add(1);
        assertThat(implicit.add(0.5, 1)).isFalse();
        assertThat(implicit.explicitX()).isFalse();
    }

    @Test
    void bulkAddsEqualOneByOneAddsAcrossGrowth() {
        SampleBuffer one = new SampleBuffer();
        SampleBuffer bulk = new SampleBuffer();
        double[] first = new double[100];
        double[] second = new double[37];
        for (int i = 0; i < first.length; i++) {
            first[i] = i % 7 == 3 ? Double.NaN : i * 0.5;
        }
        for (int i = 0; i < second.length; i++) {
            second[i] = i == 0 ? Double.NaN : -i;
        }
        for (double[] values : new double[][] {first, second}) {
            for (double value : values) {
                one.add(value);
            }
            bulk.addAll(values);
        }
        assertThat(bulk.size()).isEqualTo(one.size()).isEqualTo(137 - 15);
        assertThat(bulk.droppedNaN()).isEqualTo(one.droppedNaN()).isEqualTo(15);
        assertThat(bulk.xs()).containsExactly(one.xs());
        assertThat(bulk.ys()).containsExactly(one.ys());
        assertThat(bulk.addAll(new double[0])).isTrue();
        assertThat(bulk.addAll(new double[] {1}, new double[] {2})).isFalse();
    }

    @Test
    void bulkAddsWithExplicitXDropPairsWithNaN() {
        SampleBuffer buffer = new SampleBuffer();
        assertThat(buffer.addAll(new double[] {1, Double.NaN, 3, 4}, new double[] {10, 20, Double.NaN, 40})).isTrue();
        assertThat(buffer.xs()).containsExactly(1, 4);
        assertThat(buffer.ys()).containsExactly(10, 40);
        assertThat(buffer.droppedNaN()).isEqualTo(2);
        assertThat(buffer.addAll(new double[] {5})).isFalse();
    }

    /**
     * Samples across many chunks (more than {@link SampleBuffer#MAX_CHUNK}, so chunks of the
     * longest length too), added one by one, by the fast path and in bulk, with NaN appearing
     * only after some chunks are full (so the chunks are joined when x becomes stored), equal a
     * plain list of the same samples, in each form. Seeded, so a failure replays.
     */
    @Test
    void chunksKeepEverySampleInOrderInEachForm() {
        for (int form = 0; form < 3; form++) {
            SplittableRandom random = new SplittableRandom(20261203L + form);
            SampleBuffer buffer = new SampleBuffer();
            List<double[]> expected = new ArrayList<>(); // {x, y, weight} of the kept samples
            long position = 0;
            int dropped = 0;
            int total = 3 * SampleBuffer.MAX_CHUNK + 12_345;
            while (position < total) {
                boolean nanAllowed = position > 2 * SampleBuffer.MAX_CHUNK;
                int batch = random.nextInt(4) == 0 ? 1 + random.nextInt(3000) : 1;
                double[] xs = new double[batch];
                double[] ys = new double[batch];
                boolean finite = true;
                for (int i = 0; i < batch; i++) {
                    xs[i] = form == 1 ? random.nextDouble() * 1000 : position + i;
                    ys[i] = nanAllowed && random.nextInt(50) == 0 ? Double.NaN : random.nextDouble();
                    finite &= !Double.isNaN(ys[i]);
                    if (Double.isNaN(ys[i])) {
                        dropped++;
                    } else {
                        expected.add(new double[] {xs[i], ys[i], 1 + ys[i]});
                    }
                }
                position += batch;
                if (form == 2) {
                    for (double y : ys) {
                        assertThat(buffer.addWeighted(y, 1 + y)).isTrue();
                    }
                } else if (batch > 1) {
                    boolean added = form == 0
                            ? (finite ? buffer.addAllFinite(ys) : buffer.addAll(ys))
                            : (finite ? buffer.addAllFinite(xs, ys) : buffer.addAll(xs, ys));
                    assertThat(added).isTrue();
                } else if (form == 0) {
                    assertThat(finite && buffer.tryAdd(ys[0]) || buffer.add(ys[0])).isTrue();
                } else {
                    assertThat(finite && buffer.tryAdd(xs[0], ys[0]) || buffer.add(xs[0], ys[0])).isTrue();
                }
            }
            assertThat(buffer.size()).isEqualTo(expected.size());
            assertThat(buffer.droppedNaN()).isEqualTo(dropped).isPositive();
            double[] xs = buffer.xs();
            double[] ys = buffer.ys();
            double[] ws = form == 2 ? buffer.weights() : null;
            for (int i = 0; i < expected.size(); i++) {
                assertThat(xs[i]).as("form %d x[%d]", form, i).isEqualTo(expected.get(i)[0]);
                assertThat(ys[i]).as("form %d y[%d]", form, i).isEqualTo(expected.get(i)[1]);
                if (ws != null) {
                    assertThat(ws[i]).as("weight[%d]", i).isEqualTo(expected.get(i)[2]);
                }
            }
        }
    }

    @Test
    void theFastPathTakesOnlyItsOwnFormAndNeverTheFirstSample() {
        SampleBuffer implicit = new SampleBuffer();
        assertThat(implicit.tryAdd(1)).isFalse();
        assertThat(implicit.size()).isZero();
        implicit.add(1);
        assertThat(implicit.tryAdd(2)).isTrue();
        assertThat(implicit.tryAdd(0.5, 2)).isFalse();
        implicit.add(Double.NaN); // x is stored from now on: the fast path is off
        assertThat(implicit.tryAdd(3)).isFalse();
        assertThat(implicit.ys()).containsExactly(1, 2);

        SampleBuffer weighted = new SampleBuffer();
        weighted.addWeighted(1, 2);
        assertThat(weighted.tryAdd(1)).isFalse();
        assertThat(weighted.tryAdd(1, 1)).isFalse();
        assertThat(weighted.size()).isEqualTo(1);
    }
}
