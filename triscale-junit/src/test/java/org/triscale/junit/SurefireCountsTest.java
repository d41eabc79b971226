package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Each series is a test of its own ("series k/S · KPI checks") that fails when the series fails
 * its KPI, so the console, the XML reports and every consumer that sums them count one launch
 * alike: a launch with a method whose 2 series fail and one whose 3 series pass, written by
 * JUnit's own legacy XML writer (the format Surefire writes) into the folder where TriScale writes
 * its outputs too, sums to the launcher's totals, and names every series.
 */
class SurefireCountsTest {
    @TempDir
    Path folder;

    @Test
    void everyReportSumsToTheConsoleTotalsAndNamesEachSeries() throws Exception {
        Path reports = folder.resolve("surefire-reports");
        Kit kit = Kit.in(folder).with("triscale.output.dir", reports.toString());
        Launcher launcher = LauncherFactory.create();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(TwoMethods.class)).configurationParameters(kit.parameters()).build();
        SummaryGeneratingListener console = new SummaryGeneratingListener();
        launcher.execute(request, console, new LegacyXmlReportGeneratingListener(reports,
                new PrintWriter(new StringWriter())));
        TestExecutionSummary summary = console.getSummary();
        // 2 methods × (15 runs + 3 series checks + the verdict); 2 failing series and their verdict.
        assertThat(summary.getTestsStartedCount()).isEqualTo(38);
        assertThat(summary.getTestsFailedCount()).isEqualTo(3);

        int tests = 0;
        int failures = 0;
        int errors = 0;
        int skipped = 0;
        int cases = 0;
        Map<String, Boolean> failedByName = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(reports)) {
            list.filter(path -> path.getFileName().toString().matches("TEST-.*\\.xml")).forEach(files::add);
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            Element suite = Kit.suite(file);
            tests += Integer.parseInt(suite.getAttribute("tests"));
            failures += Integer.parseInt(suite.getAttribute("failures"));
            errors += Integer.parseInt(suite.getAttribute("errors"));
            skipped += Integer.parseInt(suite.getAttribute("skipped"));
            NodeList testcases = suite.getElementsByTagName("testcase");
            cases += testcases.getLength();
            for (int i = 0; i < testcases.getLength(); i++) {
                Element testcase = (Element) testcases.item(i);
                failedByName.put(displayName(testcase), testcase.getElementsByTagName("failure").getLength() > 0);
            }
        }
        assertThat(tests).isEqualTo(cases).isEqualTo((int) summary.getTestsFoundCount());
        assertThat(failures + errors).isEqualTo((int) summary.getTotalFailureCount());
        assertThat(skipped).isEqualTo((int) (summary.getTestsSkippedCount() + summary.getTestsAbortedCount()));

        // Keys: "<method>(RunContext) › <display name>", as the legacy writer records them.
        assertThat(failedByName).containsEntry("twoSeriesFail · series 1/3 · KPI checks", false)
                .containsEntry("twoSeriesFail · series 2/3 · KPI checks", true)
                .containsEntry("twoSeriesFail · series 3/3 · KPI checks", true)
                .containsEntry("twoSeriesFail · verdict", true)
                .containsEntry("threeSeriesPass · series 1/3 · KPI checks", false)
                .containsEntry("threeSeriesPass · series 2/3 · KPI checks", false)
                .containsEntry("threeSeriesPass · series 3/3 · KPI checks", false)
                .containsEntry("threeSeriesPass · verdict", false)
                .containsEntry("twoSeriesFail · series 2/3 · run 4/5", false);
    }

    /** The test kit counts the same tests, and a failing series states its KPI in its own words. */
    @Test
    void aFailingSeriesFailsWithItsKpiAndThePassingOnesPass() {
        EngineExecutionResults results = Kit.in(folder).run(TwoMethods.class);
        results.testEvents().assertStatistics(stats -> stats.started(38).succeeded(35).failed(3));
        List<Event> failed = results.testEvents().failed().list();
        assertThat(failed).extracting(event -> event.getTestDescriptor().getDisplayName())
                .containsExactly("series 2/3 · KPI checks", "series 3/3 · KPI checks", "verdict");
        assertThat(Kit.error(failed.get(0)).getMessage())
                .startsWith("series 2/3 · KPI checks of TwoMethods.twoSeriesFail: FAILED\n- KPI delay P75 at 75 %"
                        + " (atMost 14 ms) violated in series 2:")
                .doesNotContain("series 3:");
        assertThat(Kit.error(failed.get(2)).getMessage())
                .startsWith("TriScale verdict of TwoMethods.twoSeriesFail: FAILED");
    }

    /** The display name of a legacy report's test case: "method · name", from its recorded output. */
    private static String displayName(Element testcase) {
        String output = testcase.getElementsByTagName("system-out").getLength() == 0 ? ""
                : testcase.getElementsByTagName("system-out").item(0).getTextContent();
        Matcher name = Pattern.compile("display-name: (.*)").matcher(output);
        String method = testcase.getAttribute("name").replaceFirst("\\(.*", "");
        // The writer records the path from the engine: "JUnit Jupiter > Class > method(RunContext) > name".
        String path = name.find() ? name.group(1).trim() : testcase.getAttribute("name");
        return method + " · " + path.substring(path.lastIndexOf(" > ") + 1).replaceFirst("^> ", "");
    }

    @FixturesOnly
    static class TwoMethods {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 3)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 14)
        void twoSeriesFail(RunContext run) {
            run.recordRunValue("delay", (run.series() == 1 ? 5 : 15) + run.run() / 10.0);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 3)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 14)
        void threeSeriesPass(RunContext run) {
            run.recordRunValue("delay", 5 + run.run() / 10.0);
        }
    }
}
