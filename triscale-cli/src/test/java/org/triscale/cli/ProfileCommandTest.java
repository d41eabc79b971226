package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.cli.batch.BatchOps;
import org.triscale.cli.batch.BatchProcessor;
import org.triscale.cli.batch.Json;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.network.NetworkProfile;
import org.triscale.engine.network.NetworkProfiling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code triscale profile} and the batch op {@code network_profiling} on link-quality files the test writes. */
class ProfileCommandTest {
    @TempDir
    Path dir;

    /** Three weeks of two-hourly reception rates with a daily cycle, a weekly one and AR(1) noise. */
    private static double[] linkQuality() {
        SplittableRandom random = new SplittableRandom(2);
        double[] x = new double[252];
        double noise = 0;
        for (int t = 0; t < x.length; t++) {
            noise = 0.5 * noise + Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
                    * Math.cos(2 * Math.PI * random.nextDouble());
            x[t] = Math.round(100 * (93 + 2 * Math.cos(2 * Math.PI * t / 12) + (t % 84 >= 60 ? 1.5 : 0)
                    + 0.6 * noise)) / 100.0;
        }
        return x;
    }

    /** TriScale's layout: date_time,link_quality; a missing value as an empty cell. */
    private Path triscaleFile(double[] values, int missing) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("date_time,link_quality");
        for (int i = 0; i < values.length; i++) {
            lines.add(String.format(Locale.ROOT, "2019-08-%02dT%02d:00:03Z,%s", 4 + i / 12, (2 * i) % 24,
                    i == missing ? "" : Double.toString(values[i])));
        }
        return Files.write(dir.resolve("link_quality.csv"), lines);
    }

    @Test
    void namesTheDailyAndWeeklyPeriodsAndSaysHowToSpreadTheSeries() throws IOException {
        Path file = triscaleFile(linkQuality(), -1);

        Cli result = Cli.run("profile", file.toString(), "--bounds", "0,100", "--mode", "TRISCALE");

        assertThat(result.err()).isEmpty();
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("link quality: NOT i.i.d. (TRISCALE checks; 252 values of link_quality in ")
                .contains("[pass] convergence: normalised Theil-Sen slope")
                .contains("[FAIL] autocorrelation: largest autocorrelation at lag >= 1")
                .contains("seasonal periods: 12 samples, 84 samples")
                .contains("guidance: Seasonal periods of 12, 84 samples: span every series over a multiple of the"
                        + " largest, 84 samples");
    }

    @Test
    void jsonCarriesTheEngineNumbersToTheLastBit() throws IOException {
        double[] values = linkQuality();
        Path file = triscaleFile(values, 5);

        Cli result = Cli.run("profile", file.toString(), "--y-column", "link_quality", "--bounds", "0,100", "--mode",
                "triscale", "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode json = Json.MAPPER.readTree(result.out());
        values[5] = Double.NaN;
        NetworkProfile expected = NetworkProfiling.profile(values, ValueRange.of(0, 100), Mode.TRISCALE);
        assertThat(json.get("iid").asBoolean()).isFalse();
        assertThat(json.get("replaced_nan").asInt()).isEqualTo(1);
        assertThat(json.get("replacement").asDouble()).isEqualTo(expected.replacement());
        assertThat(json.get("convergence").get("high_slope").asDouble())
                .isEqualTo(expected.convergence().fit().highSlope());
        assertThat(json.get("independence").get("statistic").asDouble()).isEqualTo(expected.independence().statistic());
        assertThat(json.get("autocorrelation")).hasSize(252);
        assertThat(json.get("autocorrelation").get(12).asDouble()).isEqualTo(expected.autocorrelation().get(12));
        assertThat(json.get("seasonal_periods").toString()).isEqualTo(expected.seasonalPeriods().toString()
                .replace(" ", ""));
        assertThat(json.get("guidance").asText()).isEqualTo(expected.guidance());
    }

    @Test
    void csvListsEveryLag() throws IOException {
        Path file = triscaleFile(linkQuality(), -1);

        Cli result = Cli.run("profile", file.toString(), "--bounds", "0,100", "--csv");

        List<String> lines = result.out().lines().toList();
        assertThat(lines).hasSize(253);
        assertThat(lines.get(0)).isEqualTo("lag,autocorrelation,outside_band,peak,seasonal");
        assertThat(lines.get(1)).startsWith("0,1.0,false,false,false");
        assertThat(lines.get(13)).startsWith("12,").endsWith(",true,true,true");
    }

    @Test
    void aTimeColumnGivesThePeriodsInItsUnitAndMustBeEquallySpaced() throws IOException {
        double[] values = linkQuality();
        List<String> lines = new ArrayList<>(List.of("hours,prr"));
        for (int i = 0; i < values.length; i++) {
            lines.add((2 * i) + "," + values[i]);
        }
        Path file = Files.write(dir.resolve("hours.csv"), lines);

        Cli result = Cli.run("profile", file.toString(), "--x-column", "hours", "--y-column", "prr", "--bounds", "0,100");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("seasonal periods: 12 samples (x 24), 84 samples (x 168)")
                .contains("In the x column's unit: a multiple of 168.");

        lines.remove(40);
        Files.write(file, lines);
        Cli gap = Cli.run("profile", file.toString(), "--x-column", "hours", "--y-column", "prr");
        assertThat(gap.exitCode()).isEqualTo(1);
        assertThat(gap.err()).contains("hours.csv: the x column 'hours' goes from 76 to 80 at rows 39-40, a step of 4"
                + " where the usual step is 2").contains("equal intervals").contains("add the missing rows");
    }

    @Test
    void badInputIsOneLineNamingWhatIsWrong() throws IOException {
        Path two = Files.write(dir.resolve("two.csv"), List.of("link_quality", "90", "91"));
        Cli few = Cli.run("profile", two.toString());
        assertThat(few.exitCode()).isEqualTo(1);
        assertThat(few.err()).startsWith("triscale profile: linkQuality has 2 value(s)").contains("at least 3")
                .doesNotContain("\n" + "\tat ");

        Path outside = Files.write(dir.resolve("fraction.csv"), List.of("prr", "0.9", "0.95", "0.97", "0.91"));
        Cli bounds = Cli.run("profile", outside.toString(), "--bounds", "0,100");
        assertThat(bounds.exitCode()).isEqualTo(0);
        Cli wrongBounds = Cli.run("profile", outside.toString(), "--bounds", "50,100");
        assertThat(wrongBounds.err()).contains("linkQuality[0] is 0.9, outside bounds [50.0, 100.0]");

        Cli both = Cli.run("profile", outside.toString(), "--csv", "--json");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("--csv and --json both choose the output; give one");

        Cli missing = Cli.run("profile", dir.resolve("nope.csv").toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("nope.csv");
    }

    @Test
    void theBatchOpAnswersWithThePythonFieldsAndTheGuidance() {
        BatchProcessor processor = new BatchProcessor(BatchOps.standard());
        StringBuilder request = new StringBuilder("{\"id\": \"p\", \"op\": \"network_profiling\", "
                + "\"link_quality_bounds\": [0, 100], \"link_quality\": [");
        double[] values = linkQuality();
        for (int i = 0; i < values.length; i++) {
            request.append(i == 0 ? "" : ",").append(i == 3 ? "null" : Double.toString(values[i]));
        }
        String answer = processor.answer(request.append("]}").toString());

        values[3] = Double.NaN;
        NetworkProfile expected = NetworkProfiling.profile(values, ValueRange.of(0, 100), Mode.TRISCALE);
        assertThat(answer).contains("\"id\":\"p\"").contains("\"independent\":false")
                .contains("\"converged\":" + expected.convergence().converged())
                .contains("\"seasonal_periods\":[12,84]").contains("\"guidance\":\"Seasonal periods of 12, 84");
    }
}
