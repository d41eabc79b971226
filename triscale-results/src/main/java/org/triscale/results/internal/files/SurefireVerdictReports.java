package org.triscale.results.internal.files;

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
import java.util.Locale;

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
        xml.writeAttribute("name", xml(suite));
        xml.writeAttribute("time", time);
        xml.writeAttribute("tests", "1");
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", outcome == Outcome.SKIPPED ? "1" : "0");
        xml.writeAttribute("failures", outcome == Outcome.FAILED ? "1" : "0");
        xml.writeCharacters("\n  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("name", "verdict");
        xml.writeAttribute("classname", xml(suite));
        xml.writeAttribute("time", time);
        if (outcome != Outcome.PASSED) {
            String text = message == null ? outcome.name() : message;
            xml.writeCharacters("\n    ");
            if (outcome == Outcome.FAILED) {
                failure(xml, text);
            } else {
                xml.writeEmptyElement("skipped");
                xml.writeAttribute("message", xml(text));
            }
            xml.writeCharacters("\n  ");
        }
        xml.writeEndElement();
        endSuite(xml);
    }

    /** Closes the {@code testsuite} element and the document, and flushes. */
    static void endSuite(XMLStreamWriter xml) throws XMLStreamException {
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndDocument();
        xml.flush();
    }

    /**
     * The text with every character XML 1.0 cannot hold (controls other than tab, line feed and
     * carriage return; U+FFFE, U+FFFF; unpaired surrogates) written as {@code \\uXXXX}.
     */
    static String xml(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            boolean allowed = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c < 0xD800)
                    || (c >= 0xE000 && c <= 0xFFFD) || pair;
            if (allowed) {
                if (out != null) {
                    out.append(c);
                    if (pair) {
                        out.append(text.charAt(i + 1));
                    }
                }
                i += pair ? 1 : 0;
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
        }
        return out == null ? text : out.toString();
    }

    /** A test case's {@code <failure>}, as Surefire writes a failed assertion. */
    static void failure(XMLStreamWriter xml, String message) throws XMLStreamException {
        String text = xml(message);
        xml.writeStartElement("failure");
        xml.writeAttribute("message", text);
        xml.writeAttribute("type", "org.opentest4j.AssertionFailedError");
        xml.writeCharacters(text);
        xml.writeEndElement();
    }
}
