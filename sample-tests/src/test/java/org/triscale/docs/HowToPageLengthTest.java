package org.triscale.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every how-to page of docs/ is short enough to read top to bottom: at most {@value #MAX_LINES}
 * lines (issue 26, after junit-pioneer's one short page per feature).
 *
 * <p>The rule that sorts the pages: a <em>how-to page</em> tells a user how to do one task with one
 * feature (write the test, run it, read its outputs); it is listed in {@link #HOW_TO}. A
 * <em>reference page</em> lists settings, formats or internals to look up ({@link #REFERENCE}:
 * configuration, results format, architecture, the emulator's model), and an <em>evidence page</em>
 * holds calibration, measurement and validation tables and the methods behind them
 * ({@link #EVIDENCE}); neither is read top to bottom, so neither has a length limit. Measured
 * numbers belong on the evidence pages and are linked from the how-to pages. Every page of docs/
 * must be in exactly one list, so that a new page is sorted on purpose and not skipped.
 */
class HowToPageLengthTest {
    /** The longest a how-to page may be, in lines. */
    static final int MAX_LINES = 250;

    /** Pages that each explain how to do one task with one feature. */
    static final List<String> HOW_TO = List.of("guide.md", "adaptive.md", "annotations.md", "emulator.md",
            "ci.md", "ci-clusters.md", "samples.md", "reports.md", "comparing.md", "regression-gate.md", "verdict.md",
            "testbeds.md", "linux-testbed.md", "importance-sampling.md", "grids.md", "mutants.md",
            "profiling.md");

    /** Pages to look things up in. */
    static final List<String> REFERENCE = List.of("configuration.md", "results-format.md", "architecture.md",
            "emulator-model.md");

    /** Pages of calibration, measurement, validation and the methods behind them. */
    static final List<String> EVIDENCE = List.of("checks-calibration.md", "performance.md", "reliability.md",
            "validation.md", "methodology.md");

    @Test
    void everyHowToPageIsAtMost250Lines() throws Exception {
        List<String> over = new ArrayList<>();
        for (String page : HOW_TO) {
            int lines = Files.readAllLines(docs().resolve(page)).size();
            if (lines > MAX_LINES) {
                over.add("docs/" + page + " has " + lines + " lines (limit " + MAX_LINES
                        + "): move measurements to an evidence page or details to a reference page, and link them");
            }
        }
        over.forEach(System.out::println);
        assertThat(over).as("how-to pages over %d lines", MAX_LINES).isEmpty();
    }

    @Test
    void everyDocsPageIsSortedIntoOneList() throws Exception {
        Set<String> listed = new TreeSet<>();
        List<String> twice = new ArrayList<>();
        for (List<String> list : List.of(HOW_TO, REFERENCE, EVIDENCE)) {
            for (String page : list) {
                if (!listed.add(page)) {
                    twice.add(page);
                }
            }
        }
        Set<String> present;
        try (Stream<Path> files = Files.list(docs())) {
            present = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> unsorted = new TreeSet<>(present);
        unsorted.removeAll(listed);
        Set<String> missing = new TreeSet<>(listed);
        missing.removeAll(present);
        assertThat(twice).as("pages in more than one list of HowToPageLengthTest").isEmpty();
        assertThat(unsorted).as("docs pages in no list of HowToPageLengthTest: add each to HOW_TO, REFERENCE or EVIDENCE").isEmpty();
        assertThat(missing).as("pages listed in HowToPageLengthTest but absent from docs/").isEmpty();
    }

    private static Path docs() {
        return DocsPages.ROOT.resolve("docs");
    }
}
