package org.triscale.docs;

import org.junit.jupiter.api.Test;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.sizing.Sizing;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The numbers the how-to pages state, where they follow from the engine or from arithmetic (run
 * counts from sizing, the bound of printed run metrics, p-value granularities), as Commons
 * Statistics' UserGuideTest does for its guide. Each number is computed here first; the page must
 * then state the sentence built from the computed numbers, so a page that drifts from the engine
 * (or an engine change that makes a page wrong) fails with the sentence it should say. Numbers
 * measured on the emulator are not asserted here: they change with the emulator.
 */
class UserGuideNumbersTest {

    /** The runs a one-sided 75/75 KPI needs: the defaults' series length. */
    private static final int DEFAULT_RUNS = Sizing.oneSided(75, 75, 0);

    @Test
    void runCountsOfTheAnnotationsPage() {
        int p95 = Sizing.oneSided(75, 95, 0);
        int robust = Sizing.oneSided(75, 75, 1);
        assertThat(DEFAULT_RUNS).isLessThan(p95);
        assertThat(DEFAULT_RUNS).isLessThan(robust);

        states("docs/annotations.md", DEFAULT_RUNS + " runs for the 75th percentile at 75 %, " + p95 + " at 95 %, "
                + robust + " for 75/75 with robustness 1");
        states("docs/annotations.md", "`@Series(count = 0)` with the defaults gives " + Sizing.twoSided(75, 75, 0)
                + " series");
        states("docs/annotations.md", "needs more series (" + Sizing.joint(75, 75, 0) + " for 75/75)");
        // Two one-sided 75 % ends fail together with probability at most 25 % + 25 %.
        states("docs/annotations.md", "both ends hold together only with probability at least " + (2 * 75 - 100)
                + " %");
    }

    @Test
    void theFirstExampleRunsWhatItSays() {
        for (String file : new String[] {"README.md", "docs/guide.md"}) {
            states(file, "@Runs(kpiPercentile = 75, kpiConfidence = 75) // " + DEFAULT_RUNS
                    + " runs per series, sized by the engine");
        }
        int series = 5;
        states("docs/guide.md", "In each of the " + series + " series");
        // One invocation per run, one per series for its KPI checks, then the verdict's.
        states("docs/guide.md", "JUnit shows " + (series * DEFAULT_RUNS + series + 1) + " invocations ("
                + series * DEFAULT_RUNS + " runs, " + series + " series' KPI checks, the verdict)");
    }

    @Test
    void theCommandLineSizingOfTheReadme() {
        states("README.md", "size -p 75 -c 95 # " + Sizing.oneSided(75, 95, 0) + " runs");
    }

    @Test
    void theRunsAKpiAssertionNeeds() {
        states("docs/comparing.md", "P95 at 75 % needs " + Sizing.oneSided(95, 75, 0) + " runs per series");
        states("docs/comparing.md", "// P75 at 75 %: " + DEFAULT_RUNS + " runs or more");
    }

    /** The verdict's example: its bound, rank and run recomputed from the run metrics it prints. */
    @Test
    void theBoundOfTheVerdictExample() {
        double[] metrics = {41.8, 45, 52.3, 61.2, 58};
        int rank = ThompsonBounds.indices(metrics.length, 75, 75, IntervalKind.ONE_SIDED).upperIndex().orElseThrow()
                + 1;
        double[] sorted = metrics.clone();
        Arrays.sort(sorted);
        double bound = sorted[rank - 1];
        int run = 1;
        while (metrics[run - 1] != bound) {
            run++;
        }
        String listed = "";
        for (int i = 0; i < metrics.length; i++) {
            listed += (i > 0 ? ", " : "") + "run " + (i + 1) + " = " + number(metrics[i]);
        }

        states("docs/verdict.md", "percentile of delay is at most " + number(bound) + " ms, above atMost 60 ms");
        states("docs/verdict.md", "The bound is the metric of run " + run + " (rank " + rank + " of " + metrics.length
                + " valid runs in ascending order); series 2 run metrics: " + listed + " ms.");
    }

    /** Exact rank tests can only give p-values of a granularity set by the counts. */
    @Test
    void pValueGranularitiesOfTheGate() {
        int pairs = 3;
        // The one-sided signed-rank test's smallest p-value: all n changes of one sign, 1 / 2^n.
        int needed = 1;
        while (Math.pow(0.5, needed) > 0.01) {
            needed++;
        }
        states("docs/comparing.md", pairs + " pairs can give p-values no smaller than "
                + String.format(Locale.ROOT, "%.4f", Math.pow(0.5, pairs)) + "; at least " + needed + " are needed");

        // The rank-sum test of 5 against 5 series: one p-value step per split of the 10 ranks.
        long splits = binomial(10, 5);
        states("docs/regression-gate.md", "5 against 5 series the p-values are multiples of 1/" + splits
                + ", and the rate is at most 2/" + splits + " = " + String.format(Locale.ROOT, "%.2f", 200.0 / splits)
                + " %");
    }

    @Test
    void aChangedNumberFailsTheTest() {
        String page = "5 runs for the 75th percentile at 75 %, 12 at 95 %, 10 for 75/75 with robustness 1";
        assertThatThrownBy(() -> assertStates("a page", page, DEFAULT_RUNS + " runs for the 75th percentile at 75 %, "
                + Sizing.oneSided(75, 95, 0) + " at 95 %")).isInstanceOf(AssertionError.class)
                .hasMessageContaining("a page states \"5 runs for the 75th percentile at 75 %, 11 at 95 %\"");
    }

    @Test
    void theSentencesAreFoundAcrossLineBreaksAndRunsOfSpaces() {
        assertThat(text("README.md")).doesNotContain("  ").doesNotContain("\n");
        assertStates("a page", "a   b\nc", "a b c");
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /** {@code 45} for 45.0, {@code 52.3} for 52.3: as the verdict prints numbers. */
    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static void states(String file, String sentence) {
        assertStates(file, text(file), sentence);
    }

    private static void assertStates(String what, String text, String sentence) {
        assertThat(spaced(text)).as("%s states \"%s\"", what, sentence).contains(spaced(sentence));
    }

    /** Runs of white space as one space: the prose wraps anywhere, code comments are aligned. */
    private static String spaced(String text) {
        return text.replaceAll("\\s+", " ");
    }

    /** A page's text with its lines joined by single spaces. */
    private static String text(String file) {
        return spaced(DocsPages.lines(DocsPages.ROOT.resolve(file)).stream().filter(Objects::nonNull)
                .map(String::strip).collect(Collectors.joining(" ")));
    }
}
