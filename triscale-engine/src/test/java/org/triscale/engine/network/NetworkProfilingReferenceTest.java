package org.triscale.engine.network;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.Mode;
import org.triscale.engine.ReferenceVectors;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link NetworkProfiling} in {@code TRISCALE} mode against the Python TriScale's
 * {@code network_profiling} (github.com/romain-jacob/triscale, commit f6cd264): the cases of
 * {@code triscale-profiling.json} are its outputs on seeded synthetic link-quality series, one
 * like its example data (262 two-hourly values with a daily and a weekly component), i.i.d., a
 * trend, missing values, no bounds, constant values and ties (see the resources' README).
 *
 * <p>On the original's own example data ({@code ExampleData/link_quality_data.csv}, 262
 * two-hourly reception rates; not part of this project), run outside the build with numpy 1.24.2,
 * scipy 1.10.1 and pandas 1.5.3, the Python gives: band 1.96/√262 = 0.12108920439018223, not
 * independent, largest |autocorrelation| 0.7506349118504123 at lag 1, 68 lags outside the band,
 * and converged (its random 100-point subsets passed 200 times of 200). {@code triscale profile
 * --mode TRISCALE} on that file gives the same verdicts, band and lags outside the band, every
 * autocorrelation within 1e-15, and the all-pairs normalised Theil–Sen fit of the correctly rounded
 * values bit for bit (slope −0.008035794743429213, interval [−0.014181765371191663,
 * −0.0023167329393612374]); pandas' CSV parser reads 95 of the 262 values one unit in the last
 * place off, which moves the Python's own slope to −0.008035794743429059. It names the seasonal
 * periods 12 (a day) and 84 (a week), the two the original's demo notebook reads off its plot.
 */
class NetworkProfilingReferenceTest {
    /**
     * numpy sums the lag products with a vectorised BLAS dot; the engine's direct and FFT sums
     * differ from it in the last bits (the FFT's error bound is below 1e-12 of r_0).
     */
    private static final double AUTOCORRELATION_TOLERANCE = 1e-12;

    private static JsonNode root;

    private static synchronized JsonNode root() throws IOException {
        if (root == null) {
            try (InputStream in = NetworkProfilingReferenceTest.class.getResourceAsStream("/triscale-profiling.json")) {
                assertThat(in).as("triscale-profiling.json on the test class path").isNotNull();
                root = new ObjectMapper().readTree(in);
            }
        }
        return root;
    }

    @TestFactory
    Stream<DynamicTest> triscaleModeGivesThePythonOutputs() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root().get("cases")) {
            tests.add(DynamicTest.dynamicTest(c.get("id").asText(), () -> check(c)));
        }
        return tests.stream();
    }

    private static void check(JsonNode c) {
        double[] values = ReferenceVectors.numbers(c.get("input").get("link_quality"));
        JsonNode expected = c.get("expected");
        NetworkProfile profile = NetworkProfiling.profile(values, ReferenceVectors.range(
                c.get("input").get("link_quality_bounds")), Mode.TRISCALE);

        assertThat(profile.independence().passed()).as("independent").isEqualTo(expected.get("independent").asBoolean());
        assertThat(profile.band()).as("band").isEqualTo(expected.get("band").asDouble());
        double largest = expected.get("largest_autocorrelation").asDouble();
        assertThat(profile.independence().statistic()).as("largest |r_k|").isCloseTo(largest,
                within(AUTOCORRELATION_TOLERANCE));
        double[] r = ReferenceVectors.numbers(expected.get("autocorrelation"));
        assertThat(profile.autocorrelation()).as("autocorrelation lags").hasSize(r.length);
        for (int k = 0; k < r.length; k++) {
            assertThat(profile.autocorrelation().get(k)).as("r_%d", k).isCloseTo(r[k], within(AUTOCORRELATION_TOLERANCE));
        }
        // The all-pairs Theil–Sen fit, bit for bit (as the convergence cases of triscale-vectors.json).
        assertThat(profile.convergence().converged()).as("converged").isEqualTo(expected.get("converged").asBoolean());
        assertThat(profile.convergence().fit().slope()).as("slope").isEqualTo(expected.get("slope").asDouble());
        assertThat(profile.convergence().fit().intercept()).as("intercept").isEqualTo(expected.get("intercept").asDouble());
        assertThat(profile.convergence().fit().lowSlope()).as("low slope").isEqualTo(expected.get("low_slope").asDouble());
        assertThat(profile.convergence().fit().highSlope()).as("high slope").isEqualTo(expected.get("high_slope").asDouble());
        JsonNode replacedBy = c.get("trace").get("nan_replaced_by");
        if (replacedBy.isNull()) {
            assertThat(profile.replacedNaN()).as("NaN replaced").isZero();
        } else {
            assertThat(profile.replacement()).as("median replacing NaN").isEqualTo(replacedBy.asDouble());
            assertThat(profile.replacedNaN()).as("NaN replaced").isPositive();
        }
    }

    @Test
    void theExampleLikeSeriesNamesItsDailyAndWeeklyPeriods() throws IOException {
        JsonNode seasonal = root().get("cases").get(0);
        assertThat(seasonal.get("id").asText()).isEqualTo("profile-seasonal");
        NetworkProfile profile = NetworkProfiling.profile(ReferenceVectors.numbers(seasonal.get("input").get("link_quality")),
                ReferenceVectors.range(seasonal.get("input").get("link_quality_bounds")), Mode.TRISCALE);

        assertThat(profile.iid()).isFalse();
        assertThat(profile.seasonalPeriods()).containsExactly(12, 84);
        assertThat(profile.guidance()).contains("multiple of the largest, 84 samples");
    }
}
