package org.triscale.results.internal.output;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.common.FileNames;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.TestResult;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes one Surefire-format XML report per series, {@code TEST-<class>.<method>.series-<k>.xml}:
 * a {@code <testsuite>} named {@code <class>.<method>.series-<k>} whose properties carry the
 * series' KPI values, thresholds and run metrics (each check as text in {@code kpi-<i>.check}).
 * The runs and the verdict stay in Surefire's own report of the class.
 *
 * <p>Consumers of Surefire XML (maven-surefire-report-plugin, junit-report-merger, xunit-viewer,
 * Jenkins) read every {@code *.xml} of the folder and sum the test cases, or the suites'
 * {@code tests}/{@code failures}/{@code time} attributes. So that a launch's totals equal
 * Surefire's own summary, a series suite holds no test case by default and its {@code time} is 0:
 * the runs' time is already in Surefire's report. With {@code kpiTestcases} (the opt-in
 * {@code triscale.surefire.reports.kpiTestcases}) each KPI check is also a test case, which
 * consumers then count as tests and failures of their own.
 *
 * <p>Every text from the test passes through {@link #xml(String)}, which escapes what XML 1.0
 * cannot hold (control characters in a method name or a failure message), so that the report
 * always parses.
 */
public final class SurefireSeriesReports {
    private SurefireSeriesReports() {
    }

    /**
     * The suite name of a series: {@code <class>.<method>.series-<k>} ({@code <method>[<cell>]} in a grid).
     *
     * @param result the test's result
     * @param series the series number
     * @return the suite name
     */
    public static String suiteName(TestResult result, int series) {
        return result.testClass() + "." + result.testKey() + ".series-" + series;
    }

    /**
     * Writes the reports of every series.
     *
     * @param result the test's result
     * @param folder the Surefire reports folder, created if needed
     * @param kpiTestcases whether each KPI check is also a test case (counted by consumers)
     * @return the files written, in series order
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(TestResult result, Path folder, boolean kpiTestcases) throws IOException {
        List<Path> files = new ArrayList<>();
        for (TestResult.Series series : result.series()) {
            Path file = FileNames.inside(folder, "TEST-" + FileNames.stem(suiteName(result, series.series())) + ".xml");
            AtomicFiles.write(file, temp -> {
                try (OutputStream out = Files.newOutputStream(temp)) {
                    writeSuite(result, series, kpiTestcases, out);
                }
            });
            files.add(file);
        }
        return files;
    }

    private static void writeSuite(TestResult result, TestResult.Series series, boolean kpiTestcases,
                                   OutputStream out) throws XMLStreamException {
        String name = suiteName(result, series.series());
        List<TestResult.Run> runs = new ArrayList<>();
        long nanos = 0;
        for (TestResult.Run run : result.runs()) {
            if (run.series() == series.series()) {
                runs.add(run);
                nanos += run.durationNanos();
            }
        }
        int failures = 0;
        for (TestResult.KpiResult kpi : series.kpis()) {
            failures += kpi.bound().passed() ? 0 : 1;
        }
        int tests = kpiTestcases ? series.kpis().size() : 0;
        failures = kpiTestcases ? failures : 0;
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
        xml.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", xml(name));
        // Time 0: the runs' time is in Surefire's own report; consumers that sum suites count it once.
        xml.writeAttribute("time", "0");
        xml.writeAttribute("tests", Integer.toString(tests));
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", "0");
        xml.writeAttribute("failures", Integer.toString(failures));
        xml.writeCharacters("\n  ");
        xml.writeStartElement("properties");
        property(xml, "triscale.series", Integer.toString(series.series()));
        property(xml, "triscale.validRuns", Integer.toString(series.validRuns()));
        property(xml, "triscale.mode", result.parameters().mode().name());
        property(xml, "triscale.seconds", seconds(nanos));
        int number = 0;
        for (TestResult.KpiResult kpi : series.kpis()) {
            String prefix = "kpi-" + ++number + ".";
            property(xml, prefix + "check", caseName(result, kpi));
            property(xml, prefix + "metric", kpi.spec().metric());
            property(xml, prefix + "percentile", number(kpi.spec().percentile()));
            property(xml, prefix + "confidence", number(kpi.spec().confidence()));
            Double value = kpi.bound().value();
            property(xml, prefix + "value", value == null ? "" : Double.toString(value));
            if (kpi.spec().atLeast() != null) {
                property(xml, prefix + "atLeast", number(kpi.spec().atLeast()));
            }
            if (kpi.spec().atMost() != null) {
                property(xml, prefix + "atMost", number(kpi.spec().atMost()));
            }
            property(xml, prefix + "passed", Boolean.toString(kpi.bound().passed()));
        }
        for (TestResult.Run run : runs) {
            String prefix = "run-" + run.run() + ".";
            property(xml, prefix + "status", run.status().name());
            property(xml, prefix + "seed", Long.toString(run.seed()));
            property(xml, prefix + "seconds", seconds(run.durationNanos()));
            for (TestResult.RunMetric metric : run.metrics()) {
                // In their own namespace: a metric named "status" or "seed" must not collide.
                property(xml, prefix + "metric." + metric.metric(),
                        metric.value() == null ? "" : Double.toString(metric.value()));
            }
        }
        xml.writeCharacters("\n  ");
        xml.writeEndElement();
        for (TestResult.KpiResult kpi : kpiTestcases ? series.kpis() : List.<TestResult.KpiResult>of()) {
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("name", xml(caseName(result, kpi)));
            xml.writeAttribute("classname", xml(name));
            xml.writeAttribute("time", "0");
            if (!kpi.bound().passed()) {
                xml.writeCharacters("\n    ");
                failure(xml, kpi.message() == null ? "KPI failed" : kpi.message());
                xml.writeCharacters("\n  ");
            }
            xml.writeEndElement();
        }
        // No suite-level <system-out>: Surefire's 3.0.2 schema allows none (the checks' text is in
        // the kpi-<i>.check properties).
        endSuite(xml);
        xml.close();
    }

    /** Closes the {@code testsuite} element and the document, and flushes. */
    static void endSuite(XMLStreamWriter xml) throws XMLStreamException {
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndDocument();
        xml.flush();
    }

    /** {@code "KPI delay P75 at 75 % atMost 60 = 51.3 ms"}: the threshold and the series' KPI value. */
    private static String caseName(TestResult result, TestResult.KpiResult one) {
        TestResult.KpiParameters kpi = one.spec();
        StringBuilder name = new StringBuilder("KPI ").append(kpi.metric()).append(" P").append(number(kpi.percentile()))
                .append(" at ").append(number(kpi.confidence())).append(" %");
        if (kpi.atLeast() != null) {
            name.append(" atLeast ").append(number(kpi.atLeast()));
        }
        if (kpi.atMost() != null) {
            name.append(" atMost ").append(number(kpi.atMost()));
        }
        String unit = "";
        for (TestResult.MetricParameters metric : result.parameters().metrics()) {
            unit = metric.name().equals(kpi.metric()) ? metric.unit() : unit;
        }
        Double value = one.bound().value();
        name.append(" = ").append(value == null ? "undefined" : Format.withUnit(value, unit));
        return name.toString();
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeCharacters("\n    ");
        xml.writeEmptyElement("property");
        xml.writeAttribute("name", xml(name));
        xml.writeAttribute("value", xml(value));
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

    /** Seconds with three decimals, as Surefire writes a {@code time}. */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
