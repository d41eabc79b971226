package org.triscale.engine.trend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.function.DoubleSupplier;
import java.util.stream.LongStream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SlopeSelectionTest {
    /** Small bands and samples: several narrowing rounds even for a few hundred points. */
    private static final SlopeSelection.Tuning BANDS =
            new SlopeSelection.Tuning(SlopeSelection.Path.BANDS, 3.0, 500, 256);
    /** Tiny bands, samples and brackets: many narrowing rounds, failed brackets, retries, streaming. */
    private static final SlopeSelection.Tuning STRESSED_BANDS =
            new SlopeSelection.Tuning(SlopeSelection.Path.BANDS, 0.3, 40, 48);
    private static final SlopeSelection.Tuning STREAMING =
            new SlopeSelection.Tuning(SlopeSelection.Path.STREAMING, 3.0, 0, 0);
    private static final SlopeSelection.Tuning STRESSED_STREAMING =
            new SlopeSelection.Tuning(SlopeSelection.Path.STREAMING, 0.3, 40, 48);

    /** Point sets, including the adversarial ones of floating-point slope selection. */
    enum Shape {
        GAUSSIAN {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.gaussian();
                    y[i] = 0.5 * x[i] + r.gaussian();
                }
            }
        },
        NEGATIVE_TREND {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = i;
                    y[i] = -2.5 * i + 10 * r.gaussian();
                }
            }
        },
        MANY_EQUAL_X {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(4);
                    y[i] = r.gaussian();
                }
            }
        },
        MANY_EQUAL_Y {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.gaussian();
                    y[i] = r.nextInt(3);
                }
            }
        },
        INTEGER_GRID {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(12);
                    y[i] = r.nextInt(7) - 3;
                }
            }
        },
        QUANTIZED_TREND {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = i;
                    y[i] = Math.round(0.01 * i + 3 * r.gaussian());
                }
            }
        },
        DUPLICATE_POINTS {
            @Override
            void fill(double[] x, double[] y, Random r) {
                double[] px = {0, 1, 1, 2.5, 7};
                double[] py = {3, -1, 4, 4, 0.25};
                for (int i = 0; i < x.length; i++) {
                    int p = r.nextInt(px.length);
                    x[i] = px[p];
                    y[i] = py[p];
                }
            }
        },
        LINE_DYADIC_SLOPE {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(1000) - 500;
                    y[i] = 3 * x[i] + 1;
                }
            }
        },
        LINE_SLOPE_ONE_THIRD {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    y[i] = r.nextInt(1000);
                    x[i] = 3 * y[i];
                }
            }
        },
        NEAR_LINE_ONE_TENTH {
            @Override
            void fill(double[] x, double[] y, Random r) {
                // A counter against 10 ms timestamps: most slopes round to 0.1, the rest do not.
                for (int i = 0; i < x.length; i++) {
                    int t = r.nextInt(5000);
                    x[i] = 10.0 * t + 5;
                    y[i] = t + 1000 + (r.nextInt(8) == 0 ? r.nextInt(7) - 3 : 0);
                }
            }
        },
        LINE_DECIMAL {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = 0.1 * r.nextInt(1000);
                    y[i] = 0.3 * x[i] + 0.7;
                }
            }
        },
        CONSTANT_Y {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.gaussian();
                    y[i] = 42;
                }
            }
        },
        SIGNED_ZEROS {
            @Override
            void fill(double[] x, double[] y, Random r) {
                double[] ys = {-0.0, 0.0, 0.0, 1, -2};
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(2) == 0 ? -0.0 : r.nextInt(20);
                    y[i] = ys[r.nextInt(ys.length)];
                }
            }
        },
        MIXED_MAGNITUDES {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.gaussian() * Math.pow(10, r.nextInt(41) - 20);
                    y[i] = r.gaussian() * Math.pow(10, r.nextInt(601) - 300);
                }
            }
        },
        SUBNORMAL {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(2) == 0 ? r.nextInt(50) * 1e300 : r.nextInt(50);
                    y[i] = (r.nextInt(9) - 4) * Double.MIN_VALUE * (1 + r.nextInt(3));
                }
            }
        },
        LARGE_OFFSET {
            @Override
            void fill(double[] x, double[] y, Random r) {
                for (int i = 0; i < x.length; i++) {
                    x[i] = 1.7e9 + i * 0.001;
                    y[i] = 1e6 + Math.round(10 * r.gaussian()) / 10.0;
                }
            }
        },
        OVERFLOWING_DIFFERENCES {
            @Override
            void fill(double[] x, double[] y, Random r) {
                double[] big = {-Double.MAX_VALUE, -1e308, -1, 0, 3e-300, 1e308, Double.MAX_VALUE};
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(3) == 0 ? big[r.nextInt(big.length)] : r.nextInt(10);
                    y[i] = big[r.nextInt(big.length)] * r.nextDouble();
                }
            }
        };

        abstract void fill(double[] x, double[] y, Random r);
    }

    /** Commons RNG with a Gaussian sampler. */
    static final class Random {
        private final UniformRandomProvider rng;
        private final DoubleSupplier gaussian;

        Random(long seed) {
            rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            ZigguratSampler.NormalizedGaussian sampler = ZigguratSampler.NormalizedGaussian.of(rng);
            gaussian = sampler::sample;
        }

        int nextInt(int bound) {
            return rng.nextInt(bound);
        }

        double nextDouble() {
            return rng.nextDouble();
        }

        long nextLong(long bound) {
            return rng.nextLong(bound);
        }

        double gaussian() {
            return gaussian.getAsDouble();
        }
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void matchesSortingAllSlopesBitForBit(Shape shape) {
        int[] sizes = {2, 3, 5, 17, 64, 65, 130, 300, 1000};
        for (int s = 0; s < sizes.length; s++) {
            int n = sizes[s];
            Random r = new Random(1000L * shape.ordinal() + s);
            double[] x = new double[n];
            double[] y = new double[n];
            shape.fill(x, y, r);
            double[] all = bruteForce(x, y);
            if (all.length == 0) {
                continue;
            }
            long[] ks = ranks(all.length, r, n <= 20 ? all.length : 16);
            String context = shape + " n=" + n;
            assertSameBits(SlopeSelection.select(x, y, ks), pick(all, ks), context + " default");
            if (n <= 300) {
                assertSameBits(SlopeSelection.select(x, y, ks, BANDS), pick(all, ks), context + " bands");
            }
            long[] few = Arrays.copyOf(ks, Math.min(ks.length, 6));
            if (n <= 130) {
                assertSameBits(SlopeSelection.select(x, y, few, STRESSED_BANDS), pick(all, few),
                        context + " stressed bands");
                assertSameBits(SlopeSelection.select(x, y, few, STREAMING), pick(all, few), context + " streaming");
            }
            if (n <= 65) {
                assertSameBits(SlopeSelection.select(x, y, few, STRESSED_STREAMING), pick(all, few),
                        context + " stressed streaming");
            }
        }
    }

    @Test
    void matchesSortingAllSlopesOnManyRandomSmallInputs() {
        Shape[] shapes = Shape.values();
        for (int seed = 0; seed < 300; seed++) {
            Random r = new Random(77_000 + seed);
            Shape shape = shapes[seed % shapes.length];
            int n = 2 + r.nextInt(seed % 10 == 0 ? 400 : 90);
            double[] x = new double[n];
            double[] y = new double[n];
            shape.fill(x, y, r);
            double[] all = bruteForce(x, y);
            if (all.length == 0) {
                continue;
            }
            long[] ks = ranks(all.length, r, 12);
            SlopeSelection.Tuning tuning = seed % 3 == 0 ? STRESSED_BANDS : BANDS;
            assertSameBits(SlopeSelection.select(x, y, ks, tuning), pick(all, ks), shape + " seed=" + seed + " n=" + n);
        }
    }

    @Test
    void narrowsLargeBandsExactly() {
        // Above the default enumeration limits: sampled narrowing, hints and the final pass all run.
        Shape[] shapes = {Shape.GAUSSIAN, Shape.QUANTIZED_TREND, Shape.LARGE_OFFSET};
        for (Shape shape : shapes) {
            Random r = new Random(5_000 + shape.ordinal());
            int n = 1_200;
            double[] x = new double[n];
            double[] y = new double[n];
            shape.fill(x, y, r);
            double[] all = bruteForce(x, y);
            long pairs = all.length;
            long[] ks = {0, pairs - 1, pairs / 2, (pairs - 1) / 2, pairs / 40, pairs - pairs / 40,
                r.nextLong(pairs), r.nextLong(pairs)};
            assertSameBits(SlopeSelection.select(x, y, ks), pick(all, ks), shape.toString());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Shape.class, names = {"INTEGER_GRID", "QUANTIZED_TREND", "NEAR_LINE_ONE_TENTH",
        "SIGNED_ZEROS", "MANY_EQUAL_Y", "DUPLICATE_POINTS"})
    void settlesRanksAtTheEdgesOfLargeTieBlocks(Shape shape) {
        for (int seed = 0; seed < 6; seed++) {
            Random r = new Random(31_000 + 100 * shape.ordinal() + seed);
            int n = 150 + 60 * seed;
            double[] x = new double[n];
            double[] y = new double[n];
            shape.fill(x, y, r);
            double[] all = bruteForce(x, y);
            int[] block = largestTieBlock(all);
            long[] ks = LongStream.of(block[0] - 2, block[0] - 1, block[0], block[0] + 1,
                    block[1] - 2, block[1] - 1, block[1], block[1] + 1, r.nextLong(all.length))
                    .filter(k -> k >= 0 && k < all.length).toArray();
            String context = shape + " seed=" + seed + " block " + Arrays.toString(block) + " of " + all.length;
            assertSameBits(SlopeSelection.select(x, y, ks), pick(all, ks), context);
            assertSameBits(SlopeSelection.select(x, y, ks, BANDS), pick(all, ks), context + " bands");
            for (long k : ks) { // one rank at a time: no sharing with the neighbours
                assertSameBits(SlopeSelection.select(x, y, new long[] {k}, BANDS), pick(all, new long[] {k}),
                        context + " rank " + k);
            }
        }
    }

    /** First index and end (exclusive) of the longest run of equal values, -0.0 and 0.0 apart. */
    private static int[] largestTieBlock(double[] sorted) {
        int bestStart = 0;
        int bestEnd = 1;
        int start = 0;
        for (int i = 1; i <= sorted.length; i++) {
            if (i == sorted.length || Double.compare(sorted[i], sorted[start]) != 0) {
                if (i - start > bestEnd - bestStart) {
                    bestStart = start;
                    bestEnd = i;
                }
                start = i;
            }
        }
        return new int[] {bestStart, bestEnd};
    }

    @Test
    void recoversWhenTheFinalBandMissesTheRank() {
        // Near-collinear points put many slopes within a few ulps of the bounds; with tiny samples
        // and brackets the last band often fails its exact check, and the rank is retried.
        SlopeSelection.Tuning extreme = new SlopeSelection.Tuning(SlopeSelection.Path.BANDS, 0.1, 8, 16);
        for (int seed = 0; seed < 50; seed++) { // seeds 22, 33 and 47 need a retry
            Random r = new Random(41_000 + seed);
            int n = seed % 2 == 0 ? 70 : 400;
            double[] x = new double[n];
            double[] y = new double[n];
            Shape.LINE_DECIMAL.fill(x, y, r);
            double[] all = bruteForce(x, y);
            long[] ks = ranks(all.length, r, 10);
            assertSameBits(SlopeSelection.select(x, y, ks, extreme), pick(all, ks), "seed=" + seed + " n=" + n);
        }
    }

    @Test
    void selectsTheSingleRankAsPartOfMany() {
        Random r = new Random(9);
        double[] x = new double[200];
        double[] y = new double[200];
        Shape.QUANTIZED_TREND.fill(x, y, r);
        long pairs = SlopeSelection.pairCount(x);
        long[] ks = {pairs / 2, 0, pairs / 2, pairs - 1, 17};
        double[] many = SlopeSelection.select(x, y, ks);
        for (int i = 0; i < ks.length; i++) {
            assertThat(Double.doubleToLongBits(SlopeSelection.select(x, y, ks[i])))
                    .as("rank %d", ks[i]).isEqualTo(Double.doubleToLongBits(many[i]));
        }
        assertThat(SlopeSelection.select(x, y)).isEmpty();
    }

    @Test
    void ordersNegativeZeroBeforePositiveZero() {
        double[] x = {0, 1, 2, 3};
        double[] y = {0.0, -0.0, 0.0, -0.0};
        // Slopes: -0.0 (1,0), 0.0 (2,0), -0.0 (3,0), 0.0 (2,1), 0.0 (3,1) -> -0.0 - 0.0 = -0.0, -0.0 (3,2).
        double[] all = bruteForce(x, y);
        long[] ks = ranks(all.length, new Random(1), all.length);
        assertSameBits(SlopeSelection.select(x, y, ks, BANDS), pick(all, ks), "signed zeros");
        assertThat(Double.doubleToRawLongBits(SlopeSelection.select(x, y, 0))).isEqualTo(Long.MIN_VALUE);
        assertThat(Double.doubleToRawLongBits(SlopeSelection.select(x, y, all.length - 1))).isZero();
    }

    @Test
    void countsPairsWithDistinctX() {
        Random r = new Random(3);
        for (int n = 0; n < 60; n++) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextInt(3) == 0 ? (r.nextInt(2) == 0 ? -0.0 : 0.0) : r.nextInt(8);
            }
            long brute = 0;
            for (double a : x) {
                for (double b : x) {
                    brute += a - b > 0 ? 1 : 0;
                }
            }
            assertThat(SlopeSelection.pairCount(x)).as("n=%d", n).isEqualTo(brute);
        }
        assertThat(SlopeSelection.pairCount(new double[] {5, 5, 5})).isZero();
        assertThat(SlopeSelection.pairCount(new double[] {1, 2, 2, 3})).isEqualTo(5);
    }

    /**
     * The lemma behind the bands: a computed slope {@code s ≥ lo} has a real slope
     * {@code σ ≥ below(lo)}, and {@code s ≤ hi} has {@code σ ≤ above(hi)}; checked in exact
     * arithmetic at the tightest bound, {@code lo = hi = s}.
     */
    @Test
    void keyMarginsContainTheRealSlopeOfEveryComputedSlope() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        for (int trial = 0; trial < 20_000; trial++) {
            double x1 = randomDouble(rng, trial);
            double x2 = randomDouble(rng, trial + 1);
            double y1 = randomDouble(rng, trial + 2);
            double y2 = randomDouble(rng, trial + 3);
            if (!(x1 - x2 > 0) || !Double.isFinite(x1 - x2) || !Double.isFinite(y1 - y2)) {
                continue;
            }
            double s = (y1 - y2) / (x1 - x2);
            BigDecimal dy = new BigDecimal(y1).subtract(new BigDecimal(y2));
            BigDecimal dx = new BigDecimal(x1).subtract(new BigDecimal(x2));
            double a = SlopeSelection.below(s);
            double b = SlopeSelection.above(s);
            if (a != Double.NEGATIVE_INFINITY) {
                assertThat(dy.compareTo(new BigDecimal(a).multiply(dx)))
                        .as("σ ≥ below(s) for (%s,%s) (%s,%s)", x1, y1, x2, y2).isGreaterThanOrEqualTo(0);
            }
            if (b != Double.POSITIVE_INFINITY) {
                assertThat(dy.compareTo(new BigDecimal(b).multiply(dx)))
                        .as("σ ≤ above(s) for (%s,%s) (%s,%s)", x1, y1, x2, y2).isLessThanOrEqualTo(0);
            }
        }
        assertThat(SlopeSelection.below(Double.NEGATIVE_INFINITY)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(SlopeSelection.above(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(SlopeSelection.below(0.0)).isLessThan(0.0);
        assertThat(SlopeSelection.above(-0.0)).isGreaterThan(0.0);
    }

    @Test
    void sortableKeysFollowTheOrderOfDoubleCompare() {
        double[] values = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1, -Double.MIN_NORMAL,
            -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1, Double.MAX_VALUE,
            Double.POSITIVE_INFINITY, Double.NaN};
        for (int i = 0; i < values.length; i++) {
            assertThat(Double.doubleToLongBits(SlopeSelection.fromSortable(SlopeSelection.sortable(values[i]))))
                    .isEqualTo(Double.doubleToLongBits(values[i]));
            for (int j = 0; j < values.length; j++) {
                assertThat(Long.signum(Long.compare(SlopeSelection.sortable(values[i]),
                        SlopeSelection.sortable(values[j]))))
                        .isEqualTo(Integer.signum(Double.compare(values[i], values[j])));
            }
        }
    }

    @Test
    void rejectsRanksOutOfRangeNamingTheValidRange() {
        double[] x = {0, 1, 2, 3};
        double[] y = {1, 0, 1, 0};
        assertThatThrownBy(() -> SlopeSelection.select(x, y, 6))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k must be in [0, 5]").hasMessageContaining("got 6");
        assertThatThrownBy(() -> SlopeSelection.select(x, y, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k must be in [0, 5]").hasMessageContaining("got -1");
        assertThatThrownBy(() -> SlopeSelection.select(x, y, 0, 2, 99))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 99");
    }

    @Test
    void rejectsInputsWithoutPairs() {
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {2, 2, 2}, new double[] {1, 2, 3}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k = 0").hasMessageContaining("no pair with distinct x");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {-0.0, 0.0}, new double[] {1, 2}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no pair with distinct x");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {1}, new double[] {1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no pair with distinct x");
        assertThatThrownBy(() -> SlopeSelection.select(new double[0], new double[0], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no pair with distinct x");
    }

    @Test
    void rejectsMalformedPoints() {
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {0, 1, 2}, new double[] {0, 1}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("x.length = 3").hasMessageContaining("y.length = 2");
        assertThatThrownBy(() -> SlopeSelection.select(null, new double[] {0}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x must not be null");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {0}, null, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y must not be null");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {0, 1}, new double[] {0, 1}, (long[]) null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ks must not be null");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {0, Double.NaN}, new double[] {0, 1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x[1] must be finite, got NaN");
        assertThatThrownBy(() -> SlopeSelection.select(new double[] {0, 1},
                new double[] {Double.NEGATIVE_INFINITY, 1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[0] must be finite");
        assertThatThrownBy(() -> SlopeSelection.pairCount(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x must not be null");
    }

    /** Every slope the definition names, sorted as {@link Arrays#sort(double[])} does. */
    private static double[] bruteForce(double[] x, double[] y) {
        int n = x.length;
        double[] all = new double[n * (n - 1) / 2];
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (x[i] - x[j] > 0) {
                    all[count++] = (y[i] - y[j]) / (x[i] - x[j]);
                }
            }
        }
        double[] slopes = Arrays.copyOf(all, count);
        Arrays.sort(slopes);
        return slopes;
    }

    /** All ranks when {@code count} covers them, else the extremes, the middle and random ones. */
    private static long[] ranks(long pairs, Random r, int count) {
        if (count >= pairs) {
            long[] all = new long[(int) pairs];
            Arrays.setAll(all, i -> i);
            return all;
        }
        long[] ks = new long[count];
        long[] fixed = {0, pairs - 1, pairs / 2, (pairs - 1) / 2, 1, pairs - 2};
        for (int i = 0; i < count; i++) {
            ks[i] = i < fixed.length ? fixed[i] : r.nextLong(pairs);
        }
        return ks;
    }

    private static double[] pick(double[] sorted, long[] ks) {
        double[] out = new double[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = sorted[(int) ks[i]];
        }
        return out;
    }

    private static void assertSameBits(double[] actual, double[] expected, String context) {
        long[] actualBits = Arrays.stream(actual).mapToLong(Double::doubleToLongBits).toArray();
        long[] expectedBits = Arrays.stream(expected).mapToLong(Double::doubleToLongBits).toArray();
        assertThat(actualBits).as("%s: %s vs %s", context, Arrays.toString(actual), Arrays.toString(expected))
                .containsExactly(expectedBits);
    }

    /** Doubles of every kind: arbitrary bit patterns, small integers, decimals, near-equal values. */
    private static double randomDouble(UniformRandomProvider rng, int trial) {
        switch (trial % 4) {
            case 0:
                double bits = Double.longBitsToDouble(rng.nextLong());
                return Double.isFinite(bits) ? bits : 1.0;
            case 1:
                return rng.nextInt(2001) - 1000;
            case 2:
                return Math.round(rng.nextDouble() * 1e6) / 1e3;
            default:
                return Math.scalb(1 + rng.nextDouble(), rng.nextInt(200) - 100);
        }
    }
}
