package org.triscale.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's Java examples are the compiled sources under {@code src/docs/java}: every line of a
 * {@code java} block of {@code docs/guide.md} that declares a test ({@code @Runs} or a composed
 * annotation) is a line of those sources, so a renamed attribute cannot leave the guide behind.
 */
class GuideExamplesTest {
    private static final Path MODULE = Path.of(System.getProperty("basedir", "")).toAbsolutePath();

    @Test
    void everyExampleLineIsCompiled() throws IOException {
        Set<String> compiled = new HashSet<>();
        try (Stream<Path> files = Files.walk(MODULE.resolve("src/docs/java"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
                Files.readAllLines(file).forEach(line -> compiled.add(line.strip()));
            }
        }
        List<List<String>> examples = examples(Files.readAllLines(MODULE.resolveSibling("docs").resolve("guide.md")));

        assertThat(examples).hasSizeGreaterThanOrEqualTo(2);
        for (List<String> example : examples) {
            for (String line : example) {
                assertThat(compiled).as("guide line %s", line).contains(line);
            }
        }
    }

    /** The stripped, non-blank, non-import lines of each java block that declares a test or an annotation. */
    private static List<List<String>> examples(List<String> guide) {
        List<List<String>> examples = new ArrayList<>();
        List<String> block = null;
        for (String line : guide) {
            if (line.equals("```java")) {
                block = new ArrayList<>();
            } else if (line.equals("```") && block != null) {
                if (block.stream().anyMatch(l -> l.startsWith("@Runs(") || l.startsWith("@CcaRegressionTest"))
                        && block.stream().anyMatch(l -> l.startsWith("class ") || l.startsWith("public @interface"))) {
                    examples.add(block);
                }
                block = null;
            } else if (block != null && !line.isBlank() && !line.startsWith("import ")) {
                block.add(line.strip());
            }
        }
        return examples;
    }
}
