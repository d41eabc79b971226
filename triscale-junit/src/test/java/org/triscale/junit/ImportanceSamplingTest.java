package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Weighted (importance-sampled) samples end to end: the run metric is the weighted percentile, and
 * the JSON result, the progress lines and the verdict state the effective sample size.
 */
class ImportanceSamplingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The 99th percentile of the standard exponential law, which the fixture estimates. */
    private static final double P99 = Math.log(100);

    @TempDir
    Path folder;

    @Test
    void runMetricIsTheWeightedPercentileWithItsEffectiveSampleSize() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(TiltedFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(7));

        JsonNode runs = JSON.readTree(kit.json(TiltedFixture.class, "cca").toFile()).get("runs");
        assertThat(runs).hasSize(5);
        for (JsonNode run : runs) {
            JsonNode metric = run.get("metrics").get(0);
            // n = 2000 draws of Exp(mean 4) weighted to Exp(1): the P99's standard error is about 0.07.
            assertThat(metric.get("value").asDouble()).isCloseTo(P99, org.assertj.core.data.Offset.offset(0.35));
            // E[ESS] = n / E_q[w²] = 2000 / (16/7) = 875; its relative spread is a few per cent.
            assertThat(metric.get("effectiveSampleSize").asDouble()).isBetween(750.0, 1000.0);
            assertThat(metric.get("samples").asInt()).isEqualTo(TiltedFixture.SAMPLES);
            assertThat(metric.get("sampleSummary").isNull()).isTrue();
        }
    }

    @Test
    void unweightedMetricsHaveNoEffectiveSampleSize() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(RunContextTest.SeedFixture.class);

        JsonNode metric = JSON.readTree(kit.json(RunContextTest.SeedFixture.class, "cca").toFile()).get("runs").get(0)
                .get("metrics").get(0);
        assertThat(metric.get("effectiveSampleSize").isNull()).isTrue();
    }

    @Test
    void progressLinesShowTheEffectiveSampleSize() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            Kit.in(folder).with("triscale.progress", "true").run(TiltedFixture.class);
        } finally {
            System.setOut(original);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow())
                .matches("\\[TiltedFixture\\.cca] series 1/1 run 1/5 · fct=4\\.\\d+ s \\(ESS \\d{3}\\) · elapsed .*");
    }

    @Test
    void violatedKpiStatesTheEffectiveSampleSizesAndWarnsWhenTheyAreSmall() {
        assertThat(VerdictTest.verdictFailure(Kit.in(folder).run(FewSamplesFixture.class)))
                .contains("importance-weighted", "effective sample sizes (Kish)", "run 1 = ")
                .containsPattern("run 5 = \\d+\\.")
                .contains("metric fct is importance-weighted and series 1 run ")
                .contains("(below 100): a few heavy weights dominate its value");
    }

    /** Draws from Exp(mean 4), weighted to the standard exponential: w = f/q = 4·exp(−0.75 x). */
    static double[][] tilted(long seed, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n];
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = -4 * Math.log(1 - random.nextDouble());
            weights[i] = 4 * Math.exp(-0.75 * values[i]);
        }
        return new double[][] {values, weights};
    }

    @FixturesOnly
    static class TiltedFixture {
        static final int SAMPLES = 2000;

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "fct", samplePercentile = 99, unit = "s")
        @Kpi(metric = "fct", atMost = 10)
        void cca(RunContext run) {
            double[][] sample = tilted(run.seed(), SAMPLES);
            run.recordWeightedSamples("fct", sample[0], sample[1]);
        }
    }

    @FixturesOnly
    static class FewSamplesFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "fct", samplePercentile = 99, unit = "s")
        @Kpi(metric = "fct", atMost = 1)
        void cca(RunContext run) {
            double[][] sample = tilted(run.seed(), 20);
            for (int i = 0; i < sample[0].length; i++) {
                run.recordWeightedSample("fct", sample[0][i], sample[1][i]);
            }
        }
    }
}
