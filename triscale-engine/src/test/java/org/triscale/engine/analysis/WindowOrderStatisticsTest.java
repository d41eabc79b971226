package org.triscale.engine.analysis;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class WindowOrderStatisticsTest {

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "lognormal", "integers", "constant", "mixed-sign", "huge-range", "two-values",
        "signed-zeros"})
    void equalsSortingEveryWindow(String shape) {
        UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(42L + shape.hashCode());
        for (int n : new int[] {1, 2, 3, 17, 200, 5_000, 40_000}) {
            double[] y = sample(n, values(shape, rng));
            int length = Math.max(1, n / 2);
            int windows = Math.min(n / 2 + 1, 100);
            int[] starts = new int[windows];
            for (int i = 0; i < windows; i++) {
                starts[i] = windows == 1 ? 0 : (int) (i * ((double) (n - length) / (windows - 1)));
            }
            int[][] rankPairs = {{0, 0}, {length - 1, length - 1}, {length / 2, Math.min(length - 1, length / 2 + 1)},
                    {(int) (0.95 * (length - 1)), (int) Math.ceil(0.95 * (length - 1))}};
            for (int[] ranks : rankPairs) {
                double[] low = new double[windows];
                double[] high = new double[windows];
                WindowOrderStatistics.select(y, length, starts, ranks[0], ranks[1], low, high);
                for (int w = 0; w < windows; w++) {
                    double[] window = Arrays.copyOfRange(y, starts[w], starts[w] + length);
                    Arrays.sort(window);
                    // Bit for bit, so −0.0 and 0.0 (equal as numbers, apart when sorted) count as different.
                    assertThat(Double.doubleToRawLongBits(low[w])).as("%s n=%d window %d rank %d", shape, n, w, ranks[0])
                            .isEqualTo(Double.doubleToRawLongBits(window[ranks[0]]));
                    assertThat(Double.doubleToRawLongBits(high[w])).as("%s n=%d window %d rank %d", shape, n, w, ranks[1])
                            .isEqualTo(Double.doubleToRawLongBits(window[ranks[1]]));
                }
            }
        }
    }

    private static double[] sample(int n, DoubleSupplier values) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = values.getAsDouble();
        }
        return y;
    }

    private static DoubleSupplier values(String shape, UniformRandomProvider rng) {
        switch (shape) {
            case "uniform": return () -> 40 + 20 * rng.nextDouble();
            case "lognormal": return () -> Math.exp(3 + 2 * gaussian(rng));
            case "integers": return () -> rng.nextInt(12);
            case "constant": return () -> 7.5;
            case "mixed-sign": return () -> (rng.nextDouble() - 0.5) * 1e-3;
            case "huge-range": return () -> (rng.nextBoolean() ? -1 : 1) * Math.pow(10, rng.nextInt(600) - 300) * rng.nextDouble();
            case "two-values": return () -> rng.nextBoolean() ? 0.0 : 1e300;
            case "signed-zeros": return () -> new double[] {-1.0, -0.0, 0.0, 1.0}[rng.nextInt(4)];
            default: throw new IllegalArgumentException(shape);
        }
    }

    private static double gaussian(UniformRandomProvider rng) {
        return Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
    }
}
