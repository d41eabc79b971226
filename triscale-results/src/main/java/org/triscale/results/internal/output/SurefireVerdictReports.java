package org.triscale.results.internal.output;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.common.FileNames;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the verdict of a test computed outside JUnit ({@code triscale merge}) as a Surefire-format
 * XML report, {@code TEST-<class>.<method>.verdict.xml}: one {@code <testsuite>} named
 * {@code <class>.<method>} (unique across files: Surefire's own report of the class is named
 * {@code <class>}) with one test case, {@code verdict}, that passes, fails with the verdict's
 * message, or is skipped. CI test views then show the merged verdict where an unsharded run shows
 * its verdict invocation.
 *
 * <p>Its {@code time} is 0: the runs' time is in the shards' own Surefire reports, and consumers
 * that read those beside the merged verdicts sum suite times, so a run's time is counted once.
 */
public final class SurefireVerdictReports {
    private SurefireVerdictReports() {
    }

    /** How a verdict ended. */
    public enum Outcome {
        /** Every KPI, score and gate held. */
        PASSED,
        /** Something failed: the message says what. */
        FAILED,
        /** Every run skipped itself: nothing to judge. */
        SKIPPED
    }

    /**
     * Writes the report of one verdict.
     *
     * @param testClass     fully qualified name of the test class
     * @param testMethod    the method's name
     * @param outcome       the verdict
     * @param message       why it failed or was skipped; ignored when it passed
     * @param folder        the reports folder, created if needed
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(String testClass, String testMethod, Outcome outcome, String message, Path folder) throws IOException {
        Path file = FileNames.inside(folder, "TEST-" + FileNames.stem(testClass + "." + testMethod) + ".verdict.xml");
        AtomicFiles.write(file, temp -> {
            try (OutputStream out = Files.newOutputStream(temp)) {
                XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out,
                        StandardCharsets.UTF_8.name());
                writeSuite(xml, testClass, testMethod, outcome, message);
                xml.close();
            }
        });
        return file;
    }

    private static void writeSuite(XMLStreamWriter xml, String testClass, String testMethod, Outcome outcome,
                                   String message) throws XMLStreamException {
        String suite = testClass + "." + testMethod;
        String time = "0";
        xml.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", SurefireSeriesReports.xml(suite));
        xml.writeAttribute("time", time);
        xml.writeAttribute("tests", "1");
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", outcome == Outcome.SKIPPED ? "1" : "0");
        xml.writeAttribute("failures", outcome == Outcome.FAILED ? "1" : "0");
        xml.writeCharacters("\n  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("name", "verdict");
        xml.writeAttribute("classname", SurefireSeriesReports.xml(suite));
        xml.writeAttribute("time", time);
        if (outcome != Outcome.PASSED) {
            String text = message == null ? outcome.name() : message;
            xml.writeCharacters("\n    ");
            if (outcome == Outcome.FAILED) {
                SurefireSeriesReports.failure(xml, text);
            } else {
                xml.writeEmptyElement("skipped");
                xml.writeAttribute("message", SurefireSeriesReports.xml(text));
            }
            xml.writeCharacters("\n  ");
        }
        xml.writeEndElement();
        SurefireSeriesReports.endSuite(xml);
    }
}
