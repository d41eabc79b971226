package org.triscale.junit.assertions;

import org.junit.jupiter.api.Test;
import org.triscale.engine.network.Harm;
import org.triscale.engine.network.HarmInterval;
import org.triscale.junit.sequel.Percentile;
import org.triscale.junit.sequel.Sequel;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.triscale.junit.assertions.TriscaleAssertions.assertThat;
import static org.triscale.junit.assertions.TriscaleAssertions.p95;
import static org.triscale.junit.assertions.TriscaleAssertions.percentile;

class TriscaleAssertionsTest {
    private static final long[][] SEEDS = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}};
    private static final double[] RUNS = {100, 130, 90, 120, 110, 95, 140, 105, 115, 125};

    private static Sequel sequel(String name, double factor, long[][] seeds) {
        double[] runs = RUNS.clone();
        for (int i = 0; i < runs.length; i++) {
            runs[i] *= factor;
        }
        return Sequel.of(name, Map.of("fct", new double[][] {runs}), seeds);
    }

    private static Sequel fiveSeries() {
        return Sequel.of("cubic", Map.of("fct", new double[][] {
                {10, 11, 12, 13, 14}, {20, 21, 22, 23, 24}, {30, 31, 32, 33, 34}, {40, 41, 42, 43, 44},
                {50, 51, 52, 53, 54}}), null);
    }

    @Test
    void kpiOfEverySeriesAgainstAThreshold() {
        Sequel cubic = fiveSeries();
        assertThat(cubic).kpi("fct", percentile(75)).isAtMost(54).isAtLeast(14);
        assertThatThrownBy(() -> assertThat(cubic).kpi("fct", percentile(75)).isAtMost(20))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expected the P75 at 75 % KPI of fct in sequel 'cubic' to be at most 20 in every series,"
                        + " but series 1 has 24 and series 2 has 34 and series 3 has 44 and series 4 has 54; the KPIs of"
                        + " the 5 series are [14, 24, 34, 44, 54] (upper"
                        + " bounds of the 75th percentile at 75 % confidence).");
    }

    @Test
    void aKpiTheRunsCannotBoundFailsWithTheRunsNeeded() {
        assertThatThrownBy(() -> assertThat(fiveSeries()).kpi("fct", p95()).isAtMost(100))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("P95 at 75 % KPI of fct", "series 0 has no KPI", "5 valid runs",
                        "at least 28 are needed");
    }

    @Test
    void scoreAbsoluteAndRelative() {
        Sequel cubic = fiveSeries();
        // Five series: TriScale's 25th–75th interval at 75 % is the smallest and largest KPI.
        assertThat(cubic).score("fct").isAtMost(40).isAtMostRelative(1.18);
        assertThatThrownBy(() -> assertThat(cubic).score("fct").isAtMostRelative(0.05))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expected the variability score of fct in sequel 'cubic' (the 25th–75th percentiles of the"
                        + " 5 series' P75 at 75 % KPIs, at 75 % confidence) to be at most 5 % of its midpoint, but it"
                        + " is 117.6 % (score 40, bounds 14 and 54).");
        assertThatThrownBy(() -> assertThat(cubic).score("fct").isAtMost(39))
                .hasMessageEndingWith("but it is 40 (bounds 14 and 54).");
        assertThatThrownBy(() -> assertThat(sequel("one", 1, null)).score("fct").isAtMost(1))
                .hasMessageContaining("but it is undefined: 1 series KPIs cannot bound the 25th–75th percentiles at"
                        + " 75 % confidence; at least 5 series are needed.");
    }

    @Test
    void worseByAtLeastPassesOnlyWhenTheIntervalIsBeyondTheMargin() {
        Sequel cubic = sequel("cubic", 1, SEEDS);
        Sequel prague = sequel("prague", 1.2, SEEDS);
        assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(0.10);
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(0.30))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expected fct of 'prague' to be worse than 'cubic' by at least 30 %, but it is not: change"
                        + " +20 % [+20 %, +20 %] (98 % interval; paired: 10 runs on the same seeds); the interval"
                        + " excludes a worsening of 30 % or more.");
    }

    @Test
    void notWorseWithToleranceFailsWhenTheIntervalIsBeyondIt() {
        Sequel cubic = sequel("cubic", 1, SEEDS);
        Sequel prague = sequel("prague", 1.2, SEEDS);
        assertThat(cubic).metric("fct").isNotWorseThan(prague).withTolerance(0);
        assertThat(prague).metric("fct").isNotWorseThan(cubic).withTolerance(0.25);
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isNotWorseThan(cubic).withTolerance(0.05))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("not worse than 'cubic' beyond a tolerance of 5 %", "but it is worse",
                        "+20 % [+20 %, +20 %]", "paired: 10 runs");
    }

    @Test
    void anIntervalAcrossTheMarginCannotTell() {
        // Unpaired (no seeds): the same ten runs against themselves scaled by 1.05.
        Sequel cubic = sequel("cubic", 1, null);
        Sequel slower = sequel("slower", 1.05, null);
        assertThatThrownBy(() -> assertThat(slower).metric("fct").isWorseThan(cubic).byAtLeast(0.01))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("Expected fct of 'slower' to be worse than 'cubic' by at least 1 %, but cannot"
                        + " tell: change +")
                .hasMessageContaining("(98 % interval; unpaired: 10 runs of 'slower' against 10 of 'cubic');"
                        + " this design detects changes of ±")
                .hasMessageEndingWith(" or more (80 % power).");
        assertThatThrownBy(() -> assertThat(slower).metric("fct").isNotWorseThan(cubic).withTolerance(0.01))
                .hasMessageContaining("but cannot tell: change +");
    }

    @Test
    void tooFewPairsCannotTellAndSaysHowManyAreNeeded() {
        long[][] seeds = {{1, 2, 3}};
        Sequel a = Sequel.of("a", Map.of("fct", new double[][] {{1, 2, 3}}), seeds);
        Sequel b = Sequel.of("b", Map.of("fct", new double[][] {{2, 4, 6}}), seeds);
        assertThatThrownBy(() -> assertThat(b).metric("fct").isWorseThan(a).byAtLeast(0.1))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("cannot tell: too few pairs", "alpha = 0.01", "3 pairs", "0.1250",
                        "at least 7 are needed");
    }

    @Test
    void invalidRunsAreLeftOutAndNoValidPairCannotTell() {
        long[][] seeds = {{1, 2, 3}};
        double nan = Double.NaN;
        Sequel a = Sequel.of("a", Map.of("fct", new double[][] {{1, nan, 3}}), seeds);
        Sequel b = Sequel.of("b", Map.of("fct", new double[][] {{nan, 4, nan}}), seeds);
        assertThatThrownBy(() -> assertThat(b).metric("fct").isNotWorseThan(a).withTolerance(0.1))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("cannot tell", "no run is valid in both sequels", "paired: 0 runs");
    }

    @Test
    void higherIsBetterCountsALowerValueAsWorse() {
        Sequel fast = sequel("fast", 1, SEEDS);
        Sequel slow = sequel("slow", 0.8, SEEDS);
        assertThat(slow).metric("fct").higherIsBetter().isWorseThan(fast).byAtLeast(0.15);
        assertThat(fast).metric("fct").higherIsBetter().isNotWorseThan(slow).withTolerance(0);
        assertThatThrownBy(() -> assertThat(slow).metric("fct").higherIsBetter().isNotWorseThan(fast)
                .withTolerance(0.1)).hasMessageContaining("it is worse: change -20 % [-20 %, -20 %]");
    }

    @Test
    void theDescriptionPrefixesTheMessageAndTheHalvesMustMatch() {
        Sequel cubic = sequel("cubic", 1, SEEDS);
        assertThatThrownBy(() -> assertThat(cubic).as("FCT").metric("fct").isWorseThan(cubic).byAtLeast(0.1))
                .hasMessageStartingWith("[FCT] Expected fct of 'cubic'");
        assertThatThrownBy(() -> assertThat(cubic).metric("fct").isWorseThan(cubic).withTolerance(0.1))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void harmBoundsHoldOnlyWhenTheWholeIntervalDoes() {
        HarmInterval harm = new HarmInterval(0.47, 0.31, 0.62, 95);
        assertThat(harm).isAtLeast(0.3).isAtMost(0.7);
        HarmInterval open = new HarmInterval(0.9, Double.NEGATIVE_INFINITY, 1, 95);
        assertThatThrownBy(() -> assertThat(open).isAtLeast(0)).hasMessageContaining("[-inf, 1]");
        assertThatThrownBy(() -> assertThat(open).isAtMost(0.99)).hasMessageEndingWith("reaches above it.");
        assertThatThrownBy(() -> assertThat(harm).isAtLeast(0.4))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expected the harm to be at least 0.4 with 95 % confidence, but it is 0.47 [0.31, 0.62]"
                        + " and its interval reaches below it.");
        double[] alone = new double[200];
        double[] with = new double[200];
        for (int i = 0; i < alone.length; i++) {
            alone[i] = 50 + i;
            with[i] = 4 * alone[i];
        }
        assertThat(Harm.of(alone, with, 95)).p95().isAtLeast(0.7).isAtMost(0.8);
        assertThatThrownBy(() -> assertThat(Harm.of(alone, with, 95)).median().isAtMost(0.5))
                .hasMessageStartingWith("Expected the harm of the median FCT to be at most 0.5 with 95 % confidence,"
                        + " but it is 0.75 [");
    }

    @Test
    void percentileDefinitionsReadLikeTheAnnotations() {
        org.assertj.core.api.Assertions.assertThat(p95()).hasToString("P95 at 75 %");
        org.assertj.core.api.Assertions.assertThat(Percentile.of(99.9).atConfidence(90)).hasToString("P99.9 at 90 %");
    }

    @Test
    void nanAndNegativeRelativeThresholdsAreRefusedInsteadOfPassing() {
        Sequel cubic = fiveSeries();
        assertThatThrownBy(() -> assertThat(cubic).kpi("fct", percentile(75)).isAtMost(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("isAtMost(NaN)")
                .hasMessageContaining("could never fail");
        assertThatThrownBy(() -> assertThat(cubic).kpi("fct", percentile(75)).isAtLeast(Double.NaN))
                .hasMessageContaining("isAtLeast(NaN)");
        assertThatThrownBy(() -> assertThat(cubic).score("fct").isAtMost(Double.NaN))
                .hasMessageContaining("isAtMost(NaN)");
        assertThatThrownBy(() -> assertThat(cubic).score("fct").isAtMostRelative(-0.05))
                .hasMessageContaining("isAtMostRelative(-0.05)").hasMessageContaining("at least 0");
    }

    @Test
    void negativeNanAndInfiniteComparisonFractionsAreRefusedWithTheAssertionsName() {
        Sequel cubic = sequel("cubic", 1, SEEDS);
        Sequel prague = sequel("prague", 1.2, SEEDS);
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(-0.1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("byAtLeast(-0.1): the fraction must be a finite number >= 0, a worsening of")
                .hasMessageContaining("isWorseThan(actual)");
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isNotWorseThan(cubic).withTolerance(-0.05))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("withTolerance(-0.05): the fraction must be a finite number >= 0");
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isNotWorseThan(cubic).withTolerance(Double.NaN))
                .hasMessageStartingWith("withTolerance(NaN): ");
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isNotWorseThan(cubic)
                .withTolerance(Double.POSITIVE_INFINITY)).hasMessageStartingWith("withTolerance(Infinity): ");
        assertThatThrownBy(() -> assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(Double.NEGATIVE_INFINITY))
                .hasMessageStartingWith("byAtLeast(-Infinity): ");
    }
}
