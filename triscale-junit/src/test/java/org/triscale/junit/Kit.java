package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs fixture classes through the Jupiter engine with output folders in a temporary folder, and
 * reads what they wrote: the tests' one support class.
 */
final class Kit {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path folder;
    private final Map<String, String> parameters = new LinkedHashMap<>();

    private Kit(Path folder) {
        this.folder = folder;
        parameters.put(FixturesOnly.PARAMETER, "true");
        parameters.put("triscale.progress", "false");
        parameters.put("triscale.output.dir", outputDir().toString());
        parameters.put("triscale.baseline.dir", baselineDir().toString());
        parameters.put("triscale.history.dir", historyDir().toString());
        // The gate's defaults follow the CI environment variable; the tests choose explicitly.
        parameters.put("triscale.baseline.strict", "false");
        // Interleaved numbers are exact in the tests: the seed's own arm order, not one drawn per launch.
        parameters.put("triscale.interleave.order", "0");
    }

    static Kit in(Path folder) {
        return new Kit(folder);
    }

    Kit with(String key, String value) {
        parameters.put(key, value);
        return this;
    }

    /** The configuration parameters of a launch, for a launcher of a test's own. */
    Map<String, String> parameters() {
        return Map.copyOf(parameters);
    }

    /** Leaves a parameter at its default. */
    Kit without(String key) {
        parameters.remove(key);
        return this;
    }

    Path outputDir() {
        return folder.resolve("triscale");
    }

    Path reportsDir() {
        return folder.resolve("surefire-reports");
    }

    Path baselineDir() {
        return folder.resolve("baselines");
    }

    Path historyDir() {
        return folder.resolve("history");
    }

    Path baseline(Class<?> fixture, String method) {
        return baselineDir().resolve(fixture.getName()).resolve(method + ".json");
    }

    Path history(Class<?> fixture, String method) {
        return historyDir().resolve(fixture.getName() + "." + method + ".jsonl");
    }

    Path summary(Class<?> fixture, String method) {
        return outputDir().resolve("summary").resolve(fixture.getName() + "." + method + ".md");
    }

    Path json(Class<?> fixture, String method) {
        return outputDir().resolve(fixture.getName() + "." + method + ".json");
    }

    /**
     * The JSON result of a cell, whichever JUnit wrote its name: JUnit 6 quotes text arguments
     * ({@code competitor="CUBIC"}), which a file name holds as {@code _}, so names are compared
     * without underscores.
     */
    Path cellJson(Class<?> fixture, String methodAndCell) throws IOException {
        return cellFile(outputDir(), fixture.getName() + "." + methodAndCell + ".json");
    }

    /** The file of a cell in a folder, its name compared without underscores (see {@link #cellJson}). */
    static Path cellFile(Path folder, String fileName) throws IOException {
        Path exact = folder.resolve(fileName);
        if (Files.exists(exact)) {
            return exact;
        }
        String wanted = fileName.replace("_", "");
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().replace("_", "").equals(wanted)).findFirst()
                    .orElse(exact);
        }
    }

    /** The JSON result of a fixture's method. */
    JsonNode result(Class<?> fixture, String method) throws IOException {
        return JSON.readTree(json(fixture, method).toFile());
    }

    EngineExecutionResults run(Class<?> fixture) {
        return run(selectClass(fixture));
    }

    EngineExecutionResults run(DiscoverySelector... selectors) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectors).configurationParameters(parameters)
                .execute();
    }

    /** What a failed or aborted test or container threw. */
    static Throwable error(Event event) {
        return event.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    /** What the first failed run threw. */
    static Throwable runFailure(EngineExecutionResults results) {
        return error(results.testEvents().failed().list().get(0));
    }

    /** Parses an XML file: a Surefire report, or a report page (XHTML syntax), without loading its DTD. */
    static Document xml(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    /** The root element of a per-series Surefire report. */
    static Element suite(Path file) throws Exception {
        return xml(file).getDocumentElement();
    }

    /** The properties of a per-series Surefire report, by name. */
    static Map<String, String> properties(Element suite) {
        Map<String, String> properties = new HashMap<>();
        NodeList nodes = suite.getElementsByTagName("property");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element property = (Element) nodes.item(i);
            properties.put(property.getAttribute("name"), property.getAttribute("value"));
        }
        return properties;
    }

    /** The unique id of an invocation of a fixture's template method taking a {@code RunContext}. */
    static UniqueId invocation(Class<?> fixture, String method, int index) {
        return UniqueId.forEngine("junit-jupiter").append("class", fixture.getName())
                .append("test-template", method + "(" + RunContext.class.getName() + ")")
                .append("test-template-invocation", "#" + index);
    }
}
