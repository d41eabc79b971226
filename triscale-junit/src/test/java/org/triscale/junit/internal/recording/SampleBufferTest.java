package org.triscale.junit.internal.recording;

import org.junit.jupiter.api.Test;

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
}
