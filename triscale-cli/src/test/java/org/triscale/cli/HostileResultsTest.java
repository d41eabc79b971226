package org.triscale.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code triscale report} and {@code show} on damaged and hostile results (as downloaded from CI
 * artifacts): nothing is written outside --out, a damaged file is skipped with one line naming
 * the file and the field, the rest is built, and no command prints "internal error".
 */
class HostileResultsTest {
    private static final String RESULT = "org.triscale.samples.RttFairnessTest.cubicFlowsWith20And80MsRtt.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    private Path results() throws IOException {
        Path results = Files.createDirectories(folder.resolve("artifacts"));
        try (InputStream in = HostileResultsTest.class.getResourceAsStream("/results/" + RESULT)) {
            Files.copy(in, results.resolve(RESULT));
        }
        return results;
    }

    /** A copy of the stored result, changed. */
    private Path altered(Path results, String name, Consumer<ObjectNode> change) throws IOException {
        ObjectNode node = (ObjectNode) JSON.readTree(results.resolve(RESULT).toFile());
        change.accept(node);
        Path file = results.resolve(name);
        JSON.writeValue(file.toFile(), node);
        return file;
    }

    private static List<Path> filesUnder(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void namesWithSeparatorsAreRefusedAndNothingIsWrittenOutsideTheOutputFolder() throws IOException {
        Path results = results();
        altered(results, "up.json", node -> node.put("testClass", "../../escaped"));
        altered(results, "abs.json", node -> node.put("testMethod", "/tmp/x"));
        altered(results, "ctl.json", node -> node.put("testMethod", "a\u0000b"));
        Path out = folder.resolve("deep").resolve("out");

        Cli cli = Cli.run("report", results.toString(), "--out", out.toString());

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.err()).contains("skipped " + results.resolve("up.json")).contains("field testClass")
                .contains("skipped " + results.resolve("abs.json")).contains("field testMethod")
                .contains("skipped " + results.resolve("ctl.json")).doesNotContain("internal error");
        assertThat(cli.out()).startsWith("TriScale report of 1 test");
        for (Path file : filesUnder(folder)) {
            assertThat(file.startsWith(out) || file.startsWith(results)).as(file.toString()).isTrue();
        }
    }

    @Test
    void aTenThousandCharacterTestNameGetsABoundedPageName() throws IOException {
        Path results = results();
        altered(results, "long.json", node -> node.put("testMethod", "m".repeat(10_000)));
        Path out = folder.resolve("out");

        Cli cli = Cli.run("report", results.toString(), "--out", out.toString());

        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).startsWith("TriScale report of 2 tests");
        for (Path page : filesUnder(out)) {
            assertThat(page.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                    .isLessThanOrEqualTo(255);
        }
        assertThat(filesUnder(out)).hasSize(3);
    }

    @Test
    void missingFieldsAndOutOfRangeValuesAreNamedAndTheRestIsBuilt() throws IOException {
        Path results = results();
        altered(results, "verdict.json", node -> node.remove("verdict"));
        altered(results, "params.json", node -> node.putNull("parameters"));
        altered(results, "runs.json", node -> ((ObjectNode) node.get("runs").get(0)).putNull("metrics"));
        altered(results, "pct.json", node -> ((ObjectNode) node.get("parameters").get("kpis").get(0))
                .put("percentile", 150));
        altered(results, "conf.json", node -> ((ObjectNode) node.get("parameters").get("kpis").get(0))
                .put("confidence", 0));
        altered(results, "value.json", node -> ((ObjectNode) node.get("runs").get(0).get("metrics").get(0))
                .putNull("value"));
        Path out = folder.resolve("out");

        Cli cli = Cli.run("report", results.toString(), "--out", out.toString());

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).startsWith("TriScale report of 1 test");
        assertThat(cli.err().lines()).hasSize(6);
        assertThat(cli.err()).contains("field verdict is missing").contains("field parameters is missing")
                .contains("field runs[0].metrics is missing").contains("parameters.kpis[0].percentile is 150.0, not in"
                        + " (0, 100)").contains("parameters.kpis[0].confidence is 0.0")
                .contains("runs[0].metrics[0].value is missing").doesNotContain("internal error");
        for (String name : List.of("verdict.json", "params.json", "runs.json", "value.json")) {
            Cli show = Cli.run("show", results.resolve(name).toString());
            assertThat(show.exitCode()).isEqualTo(1);
            assertThat(show.err()).contains(results.resolve(name) + ": the field").doesNotContain("internal error");
        }
    }

    @Test
    void parseErrorsNameTheLineAndDoNotEchoTheFilesContent() throws IOException {
        Path results = results();
        Files.writeString(results.resolve("token.json"), "{\"schemaVersion\": 1,\n \"testClass\": s3cr3tT0ken}");
        Files.writeString(results.resolve("deep.json"), "{\"schemaVersion\": 1, \"x\": " + "[".repeat(1000)
                + "]".repeat(1000) + "}");
        Files.writeString(results.resolve("twice.json"), "{\"schemaVersion\": 1, \"schemaVersion\": 1}");

        Cli cli = Cli.run("report", results.toString(), "--out", folder.resolve("out").toString());

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.err()).contains(results.resolve("token.json") + ":2:").contains("malformed JSON")
                .doesNotContain("s3cr3t").contains("-Dtriscale.json.maxNestingDepth")
                .contains("a key is given twice");
    }

    @Test
    void linksToFilesOutsideTheResultsFolderAreNotFollowed() throws IOException {
        Path results = results();
        Path elsewhere = Files.createDirectories(folder.resolve("elsewhere"));
        Files.move(results.resolve(RESULT), elsewhere.resolve(RESULT));
        altered(elsewhere, "kept.json", node -> { });
        Files.createSymbolicLink(results.resolve("link.json"), elsewhere.resolve(RESULT));

        Cli cli = Cli.run("report", results.toString(), "--out", folder.resolve("out").toString());

        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).contains("skipped " + results.resolve("link.json") + ": a link to a file outside");
    }
}
