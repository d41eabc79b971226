package org.triscale.docs;

import org.junit.jupiter.api.Test;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.sizing.Sizing;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The numbers the how-to pages state, where they follow from the engine or from arithmetic
 * (run counts from sizing, bounds of printed run metrics, p-value granularities), read from the
 * pages and recomputed, as Commons Statistics' UserGuideTest does for its guide. Numbers measured
 * on the emulator are not asserted here: they change with the emulator.
 */
class UserGuideNumbersTest {

    @Test
    void runCountsOfTheAnnotationsPage() {
        String page = text("docs/annotations.md");

        Matcher runs = find(page, "(\\d+) runs for the 75th percentile at 75 %, (\\d+) at 95 %, (\\d+) for 75/75 with robustness 1");
        assertThat(Integer.parseInt(runs.group(1))).isEqualTo(Sizing.oneSided(75, 75, 0));
        assertThat(Integer.parseInt(runs.group(2))).isEqualTo(Sizing.oneSided(75, 95, 0));
        assertThat(Integer.parseInt(runs.group(3))).isEqualTo(Sizing.oneSided(75, 75, 1));

        Matcher series = find(page, "`@Series\\(count = 0\\)` with the defaults gives (\\d+) series");
        assertThat(Integer.parseInt(series.group(1))).isEqualTo(Sizing.twoSided(75, 75, 0));
        Matcher joint = find(page, "needs more series \\((\\d+) for 75/75\\)");
        assertThat(Integer.parseInt(joint.group(1))).isEqualTo(Sizing.joint(75, 75, 0));
        Matcher together = find(page, "both ends hold together only with probability at least (\\d+) %");
        assertThat(Integer.parseInt(together.group(1))).isEqualTo(2 * 75 - 100);
    }

    @Test
    void theFirstExampleRunsWhatItSays() {
        for (String file : List.of("README.md", "docs/guide.md")) {
            String page = text(file);
            Matcher comment = find(page, "@Runs\\(kpiPercentile = 75, kpiConfidence = 75\\) +// (\\d+) runs per series, sized by the engine");
            assertThat(Integer.parseInt(comment.group(1))).as(file).isEqualTo(Sizing.oneSided(75, 75, 0));
        }
        Matcher invocations = find(text("docs/guide.md"), "JUnit shows (\\d+) invocations");
        int series = Integer.parseInt(find(text("docs/guide.md"), "In each of the (\\d+) series").group(1));
        assertThat(Integer.parseInt(invocations.group(1))).isEqualTo(series * Sizing.oneSided(75, 75, 0) + 1);
    }

    @Test
    void theCommandLineSizingOfTheReadme() {
        Matcher size = find(text("README.md"), "size -p 75 -c 95 +# (\\d+) runs");
        assertThat(Integer.parseInt(size.group(1))).isEqualTo(Sizing.oneSided(75, 95, 0));
    }

    @Test
    void theRunsAKpiAssertionNeeds() {
        Matcher p95 = find(text("docs/comparing.md"), "P95 at 75 % needs (\\d+) runs per series");
        assertThat(Integer.parseInt(p95.group(1))).isEqualTo(Sizing.oneSided(95, 75, 0));
        Matcher p75 = find(text("docs/comparing.md"), "// P75 at 75 %: (\\d+) runs or more");
        assertThat(Integer.parseInt(p75.group(1))).isEqualTo(Sizing.oneSided(75, 75, 0));
    }

    /** The verdict's example names the bound of its printed run metrics: recomputed from them. */
    @Test
    void theBoundOfTheVerdictExample() {
        String page = text("docs/verdict.md");
        Matcher example = find(page, "percentile of delay is at most ([\\d.]+) ms.*?metric of run (\\d) \\(rank (\\d) of (\\d) valid runs "
                + "in ascending order\\); series 2 run metrics: run 1 = ([\\d.]+), run 2 = ([\\d.]+), run 3 = ([\\d.]+), "
                + "run 4 = ([\\d.]+), run 5 = ([\\d.]+) ms");
        double[] metrics = new double[5];
        for (int i = 0; i < 5; i++) {
            metrics[i] = Double.parseDouble(example.group(5 + i));
        }
        OrderStatisticInterval interval = ThompsonBounds.indices(5, 75, 75, IntervalKind.ONE_SIDED);
        int rank = interval.upperIndex().orElseThrow() + 1;
        double[] sorted = metrics.clone();
        Arrays.sort(sorted);

        assertThat(Integer.parseInt(example.group(3))).as("rank").isEqualTo(rank);
        assertThat(Integer.parseInt(example.group(4))).as("valid runs").isEqualTo(5);
        assertThat(Double.parseDouble(example.group(1))).as("bound").isEqualTo(sorted[rank - 1]);
        assertThat(metrics[Integer.parseInt(example.group(2)) - 1]).as("the run whose metric is the bound")
                .isEqualTo(sorted[rank - 1]);
    }

    /** Exact rank tests can only give p-values of a granularity set by the counts. */
    @Test
    void pValueGranularitiesOfTheGate() {
        Matcher pairs = find(text("docs/comparing.md"),
                "(\\d+) pairs can give p-values no smaller than ([\\d.]+); at least (\\d+) are needed");
        int n = Integer.parseInt(pairs.group(1));
        // The one-sided signed-rank test's smallest p-value: all n changes of one sign, 1 / 2^n.
        assertThat(Double.parseDouble(pairs.group(2))).isEqualTo(Math.pow(0.5, n));
        int needed = 1;
        while (Math.pow(0.5, needed) > 0.01) {
            needed++;
        }
        assertThat(Integer.parseInt(pairs.group(3))).isEqualTo(needed);

        Matcher unpaired = find(text("docs/regression-gate.md"),
                "5 against 5 series the p-values are multiples of 1/(\\d+), and the rate is at most 2/(\\d+) = ([\\d.]+) %");
        long splits = binomial(10, 5);
        assertThat(Long.parseLong(unpaired.group(1))).isEqualTo(splits);
        assertThat(Long.parseLong(unpaired.group(2))).isEqualTo(splits);
        assertThat(Double.parseDouble(unpaired.group(3))).isCloseTo(100.0 * 2 / splits, org.assertj.core.api.Assertions.within(0.005));
    }

    @Test
    void aChangedNumberFailsTheTest() {
        String page = "5 runs for the 75th percentile at 75 %, 12 at 95 %, 10 for 75/75 with robustness 1";
        Matcher runs = Pattern.compile("(\\d+) runs for the 75th percentile at 75 %, (\\d+) at 95 %").matcher(page);
        assertThat(runs.find()).isTrue();
        assertThat(Integer.parseInt(runs.group(2))).isNotEqualTo(Sizing.oneSided(75, 95, 0));
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /** A page's text with its lines joined by single spaces (the prose wraps anywhere). */
    private static String text(String file) {
        return DocsPages.lines(DocsPages.ROOT.resolve(file)).stream().filter(Objects::nonNull).map(String::strip)
                .collect(Collectors.joining(" "));
    }

    private static Matcher find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("the page states /%s/", regex).isTrue();
        return m;
    }
}
