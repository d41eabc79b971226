package org.triscale.engine.analysis;

import org.apache.commons.numbers.arrays.Selection;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.Mode;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded Monte Carlo checks of what the bounds promise, on continuous, heavy-tailed, bimodal and
 * discrete data: a KPI covers the true percentile with probability ≥ its confidence, a JOINT
 * interval covers it with probability ≥ c, TriScale's two-sided pair covers its two percentiles
 * jointly with probability ≥ 2c − 1. Each observed rate is compared with the promise minus three
 * Monte Carlo standard errors, and, for continuous data, with the exact coverage the interval
 * reports (within four standard errors on either side).
 */
class CoverageMonteCarloTest {
    private static final int REPLICATIONS = 4000;
    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);

    /** A distribution to sample from, with its true quantile function. */
    record Law(String name, boolean continuous, Function<UniformRandomProvider, ToDoubleFunction<Void>> sampler,
               DoubleUnaryOperator quantile) {
        double[] draw(ToDoubleFunction<Void> s, int n) {
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = s.applyAsDouble(null);
            }
            return v;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Law> laws() {
        List<Law> laws = new ArrayList<>();
        laws.add(new Law("normal", true, rng -> {
            ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
            return v -> 50 + 5 * g.sample();
        }, p -> 50 + 5 * STANDARD.inverseCumulativeProbability(p)));
        laws.add(new Law("lognormal", true, rng -> {
            ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
            return v -> Math.exp(g.sample());
        }, p -> Math.exp(STANDARD.inverseCumulativeProbability(p))));
        laws.add(new Law("pareto-1.5", true, rng -> v -> Math.pow(1 - rng.nextDouble(), -1 / 1.5),
                p -> Math.pow(1 - p, -1 / 1.5)));
        laws.add(new Law("bimodal", true, rng -> {
            ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
            return v -> (rng.nextBoolean() ? 0 : 6) + g.sample();
        }, CoverageMonteCarloTest::bimodalQuantile));
        laws.add(new Law("uniform", true, rng -> v -> rng.nextDouble(), p -> p));
        double[] levels = {1, 2, 3, 4, 5};
        double[] cumulative = {0.1, 0.4, 0.7, 0.9, 1.0};
        laws.add(new Law("discrete-with-ties", false, rng -> v -> {
            double u = rng.nextDouble();
            int i = 0;
            while (u >= cumulative[i]) {
                i++;
            }
            return levels[i];
        }, p -> {
            int i = 0;
            while (cumulative[i] < p) {
                i++;
            }
            return levels[i];
        }));
        return laws;
    }

    /** A KPI configuration: percentile, confidence, series size, side. */
    record Kpi(double percentile, double confidence, int n, Side side) {
        @Override
        public String toString() {
            return "P" + percentile + " at " + confidence + "% n=" + n + " " + side;
        }
    }

    @TestFactory
    Stream<DynamicTest> kpiCoversTheTruePercentile() {
        List<Kpi> kpis = List.of(new Kpi(75, 75, 5, Side.UPPER), new Kpi(75, 75, 10, Side.UPPER),
                new Kpi(25, 75, 10, Side.LOWER), new Kpi(95, 95, 59, Side.UPPER), new Kpi(95, 95, 100, Side.UPPER),
                new Kpi(50, 90, 20, Side.LOWER));
        List<DynamicTest> tests = new ArrayList<>();
        long seed = 100;
        for (Law law : laws()) {
            for (Kpi kpi : kpis) {
                long s = seed++;
                tests.add(DynamicTest.dynamicTest(law + " " + kpi, () -> checkKpi(law, kpi, s)));
            }
        }
        return tests.stream();
    }

    private static void checkKpi(Law law, Kpi kpi, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ToDoubleFunction<Void> sampler = law.sampler().apply(rng);
        OrderStatisticInterval interval = ThompsonBounds.indices(kpi.n(), kpi.percentile(), kpi.confidence(),
                IntervalKind.ONE_SIDED);
        int index = (kpi.side() == Side.UPPER ? interval.upperIndex() : interval.lowerIndex()).orElseThrow();
        double exact = (kpi.side() == Side.UPPER ? interval.upperCoverage() : interval.lowerCoverage()) / 100;
        double truth = law.quantile().applyAsDouble(kpi.percentile() / 100);
        int covered = 0;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] values = law.draw(sampler, kpi.n());
            if (r < 20) {
                // The engine's KPI is this order statistic (the stationarity checks do not change it).
                KpiResult result = Kpis.kpi(values.clone(), kpi.percentile(), kpi.confidence(), kpi.side(), null,
                        Mode.TRISCALE);
                assertThat(result.index()).isEqualTo(index);
            }
            Selection.select(values, index);
            double bound = values[index];
            boolean holds = kpi.side() == Side.UPPER ? bound >= truth : bound <= truth;
            covered += holds ? 1 : 0;
        }
        assertRate(covered, kpi.confidence() / 100, exact, law.continuous());
    }

    @TestFactory
    Stream<DynamicTest> jointIntervalCoversThePercentile() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = 500;
        for (Law law : laws()) {
            for (double[] pc : new double[][] {{50, 90, 12}, {90, 90, 40}, {10, 95, 60}, {75, 75, 12}}) {
                long s = seed++;
                tests.add(DynamicTest.dynamicTest(law + " P" + pc[0] + " at " + pc[1] + "% n=" + (int) pc[2],
                        () -> checkJoint(law, pc[0], pc[1], (int) pc[2], s)));
            }
        }
        return tests.stream();
    }

    private static void checkJoint(Law law, double p, double c, int n, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ToDoubleFunction<Void> sampler = law.sampler().apply(rng);
        OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.JOINT);
        int l = interval.lowerIndex().orElseThrow();
        int u = interval.upperIndex().orElseThrow();
        // Both ends together: the lower end under the lower percentile, the upper end over the upper one.
        double truthLow = law.quantile().applyAsDouble(interval.lowerPercentile() / 100);
        double truthHigh = law.quantile().applyAsDouble(interval.upperPercentile() / 100);
        int covered = 0;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] values = law.draw(sampler, n);
            Selection.select(values, new int[] {l, u});
            covered += values[l] <= truthLow && truthHigh <= values[u] ? 1 : 0;
        }
        assertRate(covered, c / 100, interval.jointCoverage() / 100, law.continuous());
    }

    @TestFactory
    Stream<DynamicTest> twoSidedPairCoversJointlyAtTwoCMinusOne() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = 900;
        for (Law law : laws()) {
            for (double[] pc : new double[][] {{75, 75, 10}, {90, 95, 45}, {25, 90, 30}}) {
                long s = seed++;
                tests.add(DynamicTest.dynamicTest(law + " P" + pc[0] + " at " + pc[1] + "% n=" + (int) pc[2],
                        () -> checkPair(law, pc[0], pc[1], (int) pc[2], s)));
            }
        }
        return tests.stream();
    }

    private static void checkPair(Law law, double p, double c, int n, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ToDoubleFunction<Void> sampler = law.sampler().apply(rng);
        OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.TWO_SIDED);
        int l = interval.lowerIndex().orElseThrow();
        int u = interval.upperIndex().orElseThrow();
        double low = law.quantile().applyAsDouble(interval.lowerPercentile() / 100);
        double high = law.quantile().applyAsDouble(interval.upperPercentile() / 100);
        int covered = 0;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] values = law.draw(sampler, n);
            Selection.select(values, new int[] {l, u});
            covered += values[l] <= low && high <= values[u] ? 1 : 0;
        }
        assertRate(covered, (2 * c - 100) / 100, interval.jointCoverage() / 100, law.continuous());
        assertThat(interval.jointCoverage()).isGreaterThanOrEqualTo(2 * c - 100);
    }

    @Test
    void jointCoverageOfTheTwoSidedPairIsBelowEachEndsCoverage() {
        OrderStatisticInterval interval = ThompsonBounds.indices(45, 90, 95, IntervalKind.TWO_SIDED);
        assertThat(interval.jointCoverage()).isLessThan(interval.lowerCoverage());
        assertThat(interval.jointCoverage()).isLessThan(interval.upperCoverage());
        assertThat(interval.jointCoverage()).isGreaterThanOrEqualTo(90);
    }

    private static void assertRate(int covered, double promised, double exact, boolean continuous) {
        double rate = covered / (double) REPLICATIONS;
        double se = Math.sqrt(promised * (1 - promised) / REPLICATIONS);
        assertThat(rate).as("observed coverage vs promise").isGreaterThanOrEqualTo(promised - 3 * se);
        assertThat(exact).as("exact coverage vs promise").isGreaterThanOrEqualTo(promised);
        double seExact = Math.sqrt(exact * (1 - exact) / REPLICATIONS);
        if (continuous) {
            assertThat(rate).as("observed vs exact coverage").isBetween(exact - 4 * seExact - 1e-12,
                    exact + 4 * seExact + 1e-12);
        } else {
            assertThat(rate).as("observed vs exact coverage").isGreaterThanOrEqualTo(exact - 4 * seExact - 1e-12);
        }
    }

    /** Quantile of the equal mixture of N(0, 1) and N(6, 1), by bisection. */
    private static double bimodalQuantile(double p) {
        double lo = -10;
        double hi = 16;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            double cdf = 0.5 * STANDARD.cumulativeProbability(mid) + 0.5 * STANDARD.cumulativeProbability(mid - 6);
            if (cdf < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
