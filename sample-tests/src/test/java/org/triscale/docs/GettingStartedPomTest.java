package org.triscale.docs;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user guide's POM works verbatim: it pins every plugin {@code mvn test} runs (Maven 3.8's
 * defaults cannot compile for Java 17), at the versions this project is built with, and names the
 * modules of the first example at this project's version. (Run as a user would, in a fresh project
 * outside the repository with only these files, it passed on Maven 3.8.7 with a passing verdict.)
 */
class GettingStartedPomTest {

    @Test
    void theGuidesPomPinsThePluginsOfMvnTestAtTheProjectsVersions() throws Exception {
        Document guidePom = guidePom();
        Map<String, String> parent = parentProperties();

        Map<String, String> pinned = new HashMap<>();
        NodeList plugins = guidePom.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            pinned.put(text(plugin, "artifactId"), text(plugin, "version"));
        }
        assertThat(pinned).containsEntry("maven-resources-plugin", parent.get("resources-plugin.version"))
                .containsEntry("maven-compiler-plugin", parent.get("compiler-plugin.version"))
                .containsEntry("maven-surefire-plugin", parent.get("surefire.version"));
    }

    @Test
    void theGuidesPomNamesTheModulesOfTheFirstExample() throws Exception {
        Document guidePom = guidePom();
        String version = text(guidePom.getDocumentElement(), "triscale.version");
        String projectVersion = text(parse(Files.readString(DocsPages.ROOT.resolve("pom.xml"))).getDocumentElement(), "version");

        assertThat(version).isEqualTo(projectVersion);
        NodeList dependencies = guidePom.getElementsByTagName("dependency");
        Map<String, String> scopes = new HashMap<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element d = (Element) dependencies.item(i);
            scopes.put(text(d, "artifactId"), text(d, "scope"));
        }
        assertThat(scopes).containsEntry("triscale-junit", "test").containsEntry("triscale-emulator", "test")
                .containsEntry("junit-jupiter", "test").containsEntry("junit-bom", "import");
    }

    /** The README's first example is the guide's, which the guide's POM was written for. */
    @Test
    void theReadmesFirstExampleIsTheGuides() {
        assertThat(firstJava("README.md")).isEqualTo(firstJava("docs/guide.md")).anyMatch(l -> l.startsWith("class "));
    }

    private static List<String> firstJava(String page) {
        return DocsPages.blocks(DocsPages.ROOT.resolve(page)).stream().filter(b -> b.language().equals("java"))
                .findFirst().orElseThrow().lines();
    }

    /** The first xml block of the guide's "Getting started", inside a project element. */
    private static Document guidePom() throws Exception {
        for (DocsPages.Block block : DocsPages.blocks(DocsPages.ROOT.resolve("docs/guide.md"))) {
            if (block.language().equals("xml")) {
                return parse("<project>" + String.join("\n", block.lines()) + "</project>");
            }
        }
        throw new AssertionError("docs/guide.md has no xml block");
    }

    private static Map<String, String> parentProperties() throws Exception {
        Element properties = (Element) parse(Files.readString(DocsPages.ROOT.resolve("pom.xml")))
                .getElementsByTagName("properties").item(0);
        Map<String, String> values = new HashMap<>();
        NodeList children = properties.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e) {
                values.put(e.getTagName(), e.getTextContent().strip());
            }
        }
        assertThat(values.keySet()).containsAll(List.of("resources-plugin.version", "compiler-plugin.version", "surefire.version"));
        return values;
    }

    private static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The text of the first child element of that name (direct or nested), or null. */
    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().strip();
    }
}
