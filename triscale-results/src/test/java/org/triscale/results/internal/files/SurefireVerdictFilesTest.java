package org.triscale.results.internal.files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Surefire report of one verdict as a file: well-formed XML whatever the names and message
 * hold, the counts Surefire reads, one file name inside its folder, replaced on a rerun.
 */
class SurefireVerdictFilesTest {
    @TempDir
    Path dir;

    private static Element suite(Path file) throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        return xml.getDocumentElement();
    }

    @Test
    void aFailedVerdictIsOneFailedTestCaseWithItsMessageAsAttributeAndText() throws Exception {
        Path file = SurefireVerdictReports.write("org.example.CcaTest", "slow", SurefireVerdictReports.Outcome.FAILED,
                "KPI delay P75 violated\nin series 2", dir);

        Element suite = suite(file);
        assertThat(file).isEqualTo(dir.resolve("TEST-org.example.CcaTest.slow.verdict.xml"));
        assertThat(suite.getAttribute("name")).isEqualTo("org.example.CcaTest.slow");
        assertThat(suite.getAttribute("tests")).isEqualTo("1");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("0");
        Element testCase = (Element) suite.getElementsByTagName("testcase").item(0);
        assertThat(testCase.getAttribute("name")).isEqualTo("verdict");
        assertThat(testCase.getAttribute("classname")).isEqualTo("org.example.CcaTest.slow");
        Element failure = (Element) testCase.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo("org.opentest4j.AssertionFailedError");
        assertThat(failure.getTextContent()).isEqualTo("KPI delay P75 violated\nin series 2");
    }

    @Test
    void aSkippedVerdictSaysWhyOrItsOutcomeWithoutAMessage() throws Exception {
        Path why = SurefireVerdictReports.write("a.B", "m", SurefireVerdictReports.Outcome.SKIPPED, "no runs", dir);
        Element skipped = (Element) suite(why).getElementsByTagName("skipped").item(0);
        assertThat(skipped.getAttribute("message")).isEqualTo("no runs");
        assertThat(suite(why).getAttribute("skipped")).isEqualTo("1");

        Path without = SurefireVerdictReports.write("a.B", "n", SurefireVerdictReports.Outcome.SKIPPED, null, dir);
        assertThat(((Element) suite(without).getElementsByTagName("skipped").item(0)).getAttribute("message"))
                .isEqualTo("SKIPPED");
    }

    @Test
    void hostileNamesAndMessagesStayWellFormedAndInsideTheFolder() throws Exception {
        String message = "</failure><injected/> \u0000\u0007 ]]> & \"quotes\" \uD800";

        Path file = SurefireVerdictReports.write("../../evil\"<x>", "m\u0001", SurefireVerdictReports.Outcome.FAILED,
                message, dir.resolve("reports"));

        assertThat(file.getParent()).isEqualTo(dir.resolve("reports"));
        Element suite = suite(file);
        assertThat(suite.getElementsByTagName("injected").getLength()).isZero();
        assertThat(suite.getAttribute("name")).isEqualTo("../../evil\"<x>.m\\u0001");
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertThat(failure.getTextContent())
                .isEqualTo("</failure><injected/> \\u0000\\u0007 ]]> & \"quotes\" \\uD800");
    }

    @Test
    void aRerunReplacesTheReportAndAPassedVerdictHasNoFailure() throws Exception {
        SurefireVerdictReports.write("a.B", "m", SurefireVerdictReports.Outcome.FAILED, "first", dir);

        Path file = SurefireVerdictReports.write("a.B", "m", SurefireVerdictReports.Outcome.PASSED, "ignored", dir);

        assertThat(suite(file).getAttribute("failures")).isEqualTo("0");
        assertThat(suite(file).getElementsByTagName("failure").getLength()).isZero();
        assertThat(Files.readString(file)).doesNotContain("first").doesNotContain("ignored");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("TEST-a.B.m.verdict.xml");
        }
    }
}
