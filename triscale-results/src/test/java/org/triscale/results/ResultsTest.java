package org.triscale.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.PartialResult;
import org.triscale.results.internal.model.PartialResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.report.Comparisons;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The library's entry points as the CLI uses them: read and write a result, its table, the HTML
 * report, the comparisons, the merge of shards and the Surefire report of a verdict.
 */
class ResultsTest {
    @TempDir
    Path dir;

    @Test
    void aWrittenResultIsReadBackWithItsVerdict() throws IOException {
        TestResult failing = TestResults.failing();

        Path file = Results.write(new StoredResult(failing), dir.resolve("out"));
        StoredResult read = Results.read(file);

        assertThat(file).isEqualTo(dir.resolve("out").resolve("org.example.CcaTest.slow.json"));
        assertThat(read.testClass()).isEqualTo("org.example.CcaTest");
        assertThat(read.testMethod()).isEqualTo("slow");
        assertThat(read.passed()).isFalse();
        assertThat(read.failures()).isEqualTo(failing.verdict().failures()).isNotEmpty();
        assertThat(read.warnings()).isEqualTo(failing.verdict().warnings());
        assertThat(Results.read(Results.write(new StoredResult(TestResults.passing()), dir)).passed()).isTrue();
    }

    @Test
    void aFileThatIsNoResultIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("x.json"), "{\"hello\": 1}");

        assertThatThrownBy(() -> Results.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void theVerdictTableNamesTheFileItWasReadFromWhenGiven() {
        StoredResult result = new StoredResult(TestResults.failing());

        String withFile = Results.verdictTable(result, Path.of("r.json"));
        String without = Results.verdictTable(result, null);

        assertThat(withFile).startsWith("TriScale verdict of CcaTest.slow: FAILED (2 series × 6 runs, mode SOUND)")
                .endsWith("\n  results: r.json");
        assertThat(without).startsWith("TriScale verdict of CcaTest.slow: FAILED").doesNotContain("results:");
    }

    @Test
    void theReportHasAnIndexThatLinksEachTestsPage() throws IOException {
        Path index = Results.writeReport(List.of(new StoredResult(TestResults.passing()),
                new StoredResult(TestResults.failing())), dir.resolve("report"));

        assertThat(index).isEqualTo(dir.resolve("report").resolve("index.html"));
        String html = Files.readString(index);
        try (var pages = Files.list(dir.resolve("report"))) {
            List<String> names = pages.map(p -> p.getFileName().toString()).filter(n -> !n.equals("index.html"))
                    .filter(n -> n.endsWith(".html")).toList();
            assertThat(names).hasSize(2);
            assertThat(names).allSatisfy(name -> assertThat(html).contains("href=\"" + name + "\""));
        }
    }

    @Test
    void aLaunchsReportListsItsComparisonsAndLinksTheJsonFiles() throws IOException {
        Path comparisonsFile = dir.resolve(Results.COMPARISONS_FILE);
        Comparisons.write(comparisonsFile, List.of(new Comparisons.Comparison("a.B.m", "fct", "prague", "cubic",
                "worse by <img src=x onerror=alert(1)>", 2.08, 1.24, 3.16, 95, "paired: 50 runs on the same seeds",
                TestResult.VerdictStatus.PASSED, "")));
        StoredComparisons comparisons = Results.readComparisons(comparisonsFile);
        Path json = Results.write(new StoredResult(TestResults.passing()), dir.resolve("results"));
        List<String> skipped = new ArrayList<>();

        Path index = Results.writeReport(List.of(Results.read(json)), dir.resolve("report"), List.of(json), null,
                List.of(comparisons), comparisonsFile, skipped::add);

        assertThat(comparisons.size()).isEqualTo(1);
        assertThat(comparisons.isEmpty()).isFalse();
        assertThat(skipped).isEmpty();
        assertThat(Files.readString(index)).contains("<h2>Comparisons of sequels</h2>")
                .contains("<td>&#39;prague&#39; vs &#39;cubic&#39;</td>")
                .contains("worse by &lt;img src=x onerror=alert(1)&gt;").doesNotContain("<img src=x")
                .contains(json.getFileName().toString());
    }

    @Test
    void aFileOfComparisonsThatIsNoneIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve(Results.COMPARISONS_FILE), "[1, 2]");

        assertThatThrownBy(() -> Results.readComparisons(file)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void aLinkOutOfTheSearchedFolderIsNotReadable() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("artifacts"));
        Path secret = Files.writeString(dir.resolve("secret.json"), "{}");
        Path link = folder.resolve("result.json");
        try {
            Files.createSymbolicLink(link, secret);
        } catch (IOException | UnsupportedOperationException e) {
            assumeTrue(false, "no symbolic links here");
        }

        assertThat(Results.readableInside(folder, link)).isFalse();
        assertThat(Results.readableInside(folder, Files.writeString(folder.resolve("own.json"), "{}"))).isTrue();
    }

    @Test
    void theSurefireReportOfAFailedVerdictIsWellFormedXmlWithTheMessageEscaped() throws Exception {
        Path file = Results.writeSurefireVerdict("org.example.CcaTest", "slow", VerdictOutcome.FAILED,
                "KPI <delay> & \"loss\" ]]> failed", dir.resolve("surefire"));

        assertThat(file.getFileName().toString()).isEqualTo("TEST-org.example.CcaTest.slow.verdict.xml");
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Element suite = xml.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("0");
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message") + failure.getTextContent())
                .contains("KPI <delay> & \"loss\" ]]> failed");
    }

    @Test
    void aPassedVerdictsReportHasNoFailure() throws Exception {
        Path file = Results.writeSurefireVerdict("org.example.CcaTest", "delay", VerdictOutcome.PASSED, "ignored",
                dir);

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("0");
        assertThat(xml.getElementsByTagName("failure").getLength()).isZero();
        assertThat(Files.readString(file)).doesNotContain("ignored");
    }

    @Test
    void aFolderWithoutShardsIsRefusedWithHowToMakeThem() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));

        assertThatThrownBy(() -> Results.mergeShards(List.of(empty), options()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no partial result (*.partial.json) and no shard's comparisons"
                        + " (comparisons.shard-k-of-K.json) in [" + empty + "]; run the shards with"
                        + " -Dtriscale.shard=k/K first, and give the folders their partial results"
                        + " (target/triscale/partial) were copied to");
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    private MergeOptions options() {
        return new MergeOptions(dir.resolve("merged"), dir.resolve("baselines"), dir.resolve("history"), dir, 0);
    }

    private void shards(double atMost) throws IOException {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).runs(5)
                .series(2).build();
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, 10, 11, 12, 13, 14)
                .series(2, 11, 12, 13, 14, 15).build();
        for (int index = 1; index <= 2; index++) {
            List<TestResult.Run> runs = new ArrayList<>();
            for (int r = 1; r <= sequel.runsIn(index); r++) {
                runs.add(ResultMapper.run(sequel.run(index, r)));
            }
            PartialResults.write(new PartialResult(PartialResult.SCHEMA_VERSION, setup.testClass(),
                    setup.testMethod(), setup.testName(), new PartialResult.ShardRuns(index, 2, List.of(index)),
                    new PartialResult.Times(sequel.createdAt().toString(),
                            sequel.createdAt().plusSeconds(index).toString()), null,
                    ResultMapper.parameters(sequel), null, RecordedSequels.FINGERPRINT, sequel.environment(), runs),
                    dir.resolve("shard-" + index));
        }
    }

    @Test
    void aMergeOfShardsIsJudgedAsOneTest() throws IOException {
        shards(100);

        List<MergedTest> merged = Results.mergeShards(List.of(dir.resolve("shard-1"), dir.resolve("shard-2")),
                options());

        assertThat(merged).singleElement().satisfies(test -> {
            assertThat(test.testClass()).isEqualTo("org.example.CcaTest");
            assertThat(test.testMethod()).isEqualTo("delay");
            assertThat(test.testName()).isEqualTo("CcaTest.delay");
            assertThat(test.totalRuns()).isEqualTo(10);
            assertThat(test.dropped()).isZero();
            assertThat(test.skipped()).isFalse();
            assertThat(test.passed()).isTrue();
            assertThat(test.failures()).isEmpty();
            assertThat(test.failureMessage()).isNull();
            assertThat(test.json()).exists().hasParent(dir.resolve("merged"));
            assertThat(test.result().passed()).isTrue();
            assertThat(test.result().testMethod()).isEqualTo("delay");
        });
    }

    @Test
    void aFailedMergeCarriesTheVerdictsFailures() throws IOException {
        shards(12);

        MergedTest test = Results.mergeShards(List.of(dir), options()).get(0);

        assertThat(test.passed()).isFalse();
        assertThat(test.failures()).isNotEmpty().isEqualTo(test.result().failures());
        assertThat(test.failureMessage()).startsWith("TriScale verdict of CcaTest.delay: FAILED (2 series × 5 runs,"
                + " mode SOUND)");
        assertThat(Results.read(test.json()).passed()).isFalse();
    }
}
