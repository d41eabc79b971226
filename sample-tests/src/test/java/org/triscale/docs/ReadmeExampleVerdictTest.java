package org.triscale.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.CcaMutant;

/**
 * The README's first example is a test that can fail: compiled as printed (with only its
 * {@code Cca.CUBIC} swapped for {@link ReadmeCcaSwitch#cca()}) and run through the JUnit Platform
 * test kit, its verdict passes on CUBIC and fails on a CUBIC that does not back off, on one that
 * backs off too little (beta 0.9), and on a user's own congestion control without a decrease,
 * written against the public API ({@link UsersNoBackoffCc}).
 */
class ReadmeExampleVerdictTest {
    private static final String SWAPPED = "f.cca(Cca.CUBIC)";
    @TempDir
    static Path folder;
    private static Path classes;

    @BeforeAll
    static void compileTheReadmesExample() throws IOException {
        List<String> lines = DocsPages.blocks(DocsPages.ROOT.resolve("README.md")).stream()
                .filter(b -> b.language().equals("java")).findFirst().orElseThrow().lines();
        String source = String.join("\n", lines);
        assertThat(source).as("the README's example names CUBIC once").containsOnlyOnce(SWAPPED);
        DocsPages.Block block = new DocsPages.Block(DocsPages.ROOT.resolve("README.md"), 1, "java",
                List.of(source.replace(SWAPPED, "f.cca(" + ReadmeCcaSwitch.class.getName() + ".cca())").split("\n")),
                java.util.Optional.empty());
        List<String> problems = DocsJavaBlocksTest.compile(List.of(DocsJavaBlocksTest.unit("readme.copy", block)), folder);
        assertThat(problems).as("the README's example compiles").isEmpty();
        try (java.util.stream.Stream<Path> out = java.nio.file.Files.list(folder)) {
            classes = out.filter(p -> p.getFileName().toString().startsWith("classes-")).findFirst().orElseThrow();
        }
    }

    @AfterEach
    void restore() {
        ReadmeCcaSwitch.set(Cca.CUBIC);
    }

    @Test
    void passesOnCubic(@TempDir Path out) throws Exception {
        EngineExecutionResults results = run(Cca.CUBIC, out);

        results.testEvents().assertStatistics(s -> s.started(31).succeeded(31).failed(0));
    }

    @Test
    void failsOnACubicThatDoesNotBackOff(@TempDir Path out) throws Exception {
        assertThat(verdictOf(run(Cca.mutant(CcaMutant.CUBIC_NO_MULTIPLICATIVE_DECREASE), out)))
                .contains("KPI delay P75 at 75 % (atMost 80 ms) violated")
                .contains("KPI retransmissions P75 at 75 % (atMost 3 %) violated");
    }

    @Test
    void failsOnACubicThatBacksOffTooLittle(@TempDir Path out) throws Exception {
        assertThat(verdictOf(run(Cca.mutant(CcaMutant.CUBIC_BETA_0_9), out)))
                .contains("KPI delay P75 at 75 % (atMost 80 ms) violated")
                .contains("KPI retransmissions P75 at 75 % (atMost 3 %) violated");
    }

    @Test
    void failsOnAUsersOwnCongestionControlWithoutBackoff(@TempDir Path out) throws Exception {
        assertThat(verdictOf(run(Cca.of("users-no-backoff", UsersNoBackoffCc::new), out)))
                .contains("KPI retransmissions P75 at 75 % (atMost 3 %) violated");
    }

    private static EngineExecutionResults run(Cca cca, Path out) throws Exception {
        ReadmeCcaSwitch.set(cca);
        // A class loader per launch: the example's scenario is a static field, built at class initialisation.
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ReadmeExampleVerdictTest.class.getClassLoader())) {
            Class<?> example = Class.forName("readme.copy.CubicTest", true, loader);
            return EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(example))
                    .configurationParameter("triscale.output.dir", out.resolve("triscale").toString())
                    .configurationParameter("triscale.progress", "false")
                    .execute();
        }
    }

    private static String verdictOf(EngineExecutionResults results) {
        Event verdict = results.testEvents().failed().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().contains("verdict")).findFirst()
                .orElseThrow(() -> new AssertionError("the verdict did not fail"));
        return verdict.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow().getMessage();
    }
}
