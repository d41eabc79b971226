package org.triscale.samples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the charts of the sample suite's own HTML report, as its launch wrote it: on every page,
 * no axis has two equal tick labels, every axis label carries a unit in parentheses, and every
 * threshold line lies inside the plot frame or is replaced by an off-scale label with its value.
 *
 * <p>The report exists only after the launch, so this is not a test of the launch itself: CI runs
 * it right after the suite ({@code .ci/sample-report-charts.sh}), with
 * {@code -Dtriscale.samples.report=<the report folder>}.
 */
@EnabledIfSystemProperty(named = SampleReportChartsCheck.REPORT, matches = ".+")
class SampleReportChartsCheck {
    static final String REPORT = "triscale.samples.report";

    @Test
    void everyChartOfTheSampleReportHasDistinctTicksUnitsAndVisibleThresholds() throws Exception {
        Path folder = Path.of(System.getProperty(REPORT));
        List<Path> pages;
        try (Stream<Path> files = Files.list(folder)) {
            pages = files.filter(file -> file.getFileName().toString().endsWith(".html")
                    && !file.getFileName().toString().equals("index.html")).sorted().toList();
        }
        assertThat(pages).as("test pages in " + folder + " (run the sample suite first)").hasSizeGreaterThan(3);
        int charts = 0;
        for (Path page : pages) {
            charts += check(page);
        }
        System.out.println("sample report: " + charts + " charts on " + pages.size() + " pages checked");
    }

    /** Checks every chart of a page; returns how many it has. */
    private static int check(Path page) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        Document document = factory.newDocumentBuilder().parse(page.toFile());
        NodeList svgs = document.getElementsByTagName("svg");
        int charts = 0;
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            if (!svg.hasAttribute("role")) {
                continue; // the nested viewport of the marks
            }
            charts++;
            String title = page.getFileName() + ": " + svg.getElementsByTagName("title").item(0).getTextContent();
            List<String> xTicks = new ArrayList<>();
            List<String> yTicks = new ArrayList<>();
            List<String> axes = new ArrayList<>();
            List<String> offScale = new ArrayList<>();
            for (Element text : elements(svg, "text")) {
                switch (text.getAttribute("class")) {
                    case "tick" -> (text.getAttribute("text-anchor").equals("end") ? yTicks : xTicks)
                            .add(text.getTextContent());
                    case "axis" -> axes.add(text.getTextContent());
                    case "offscale" -> offScale.add(text.getTextContent());
                    default -> { }
                }
            }
            assertThat(xTicks).as("x tick labels of " + title).doesNotHaveDuplicates();
            assertThat(yTicks).as("y tick labels of " + title).doesNotHaveDuplicates();
            assertThat(axes).as("axis labels of " + title).isNotEmpty()
                    .allSatisfy(label -> assertThat(label).matches(".*\\(.+\\)"));
            Element frame = elements(svg, "rect").stream().filter(r -> r.getAttribute("class").equals("frame"))
                    .findFirst().orElseThrow(() -> new AssertionError("no plot frame in " + title));
            double top = Double.parseDouble(frame.getAttribute("y"));
            double bottom = top + Double.parseDouble(frame.getAttribute("height"));
            for (Element line : elements(svg, "line")) {
                if (line.getAttribute("class").equals("threshold")) {
                    assertThat(Double.parseDouble(line.getAttribute("y1"))).as("threshold of " + title)
                            .isBetween(top, bottom);
                }
            }
            assertThat(offScale).as("off-scale labels of " + title)
                    .allSatisfy(label -> assertThat(label).matches("[▲▼] .*\\d.* \\(off-scale\\)"));
        }
        return charts;
    }

    private static List<Element> elements(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        List<Element> found = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            found.add((Element) nodes.item(i));
        }
        return found;
    }
}
