package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;
import org.triscale.junit.ResultsTest.PassingFixture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

/**
 * A verdict on some runs only is refused: a rerun of the failed invocations (Surefire's
 * rerunFailingTestsCount, an IDE's "rerun failed") must not turn a failing KPI green.
 */
class PartialDataTest {
    @TempDir
    Path folder;

    // PassingFixture.cca: runs 1-5 are invocations 1-5, the series' KPI checks 6, the verdict 7.
    @Test
    void verdictAloneIsRefused() {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 7)));

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
        assertThat(VerdictTest.verdictFailure(results)).contains("REFUSED", "partial data", "only 0 of 5 runs",
                "Rerun the whole method PassingFixture.cca");
        assertThat(Files.exists(kit.json(PassingFixture.class, "cca"))).isFalse();
    }

    @Test
    void rerunOfOneRunAndTheVerdictIsRefused() {
        EngineExecutionResults results = Kit.in(folder).run(
                selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 2)),
                selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 7)));

        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        assertThat(VerdictTest.verdictFailure(results)).contains("only 1 of 5 runs");
    }

    @Test
    void singleRunWithoutVerdictFailsTheMethod() {
        EngineExecutionResults results = Kit.in(folder)
                .run(selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 3)));

        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
        List<Event> failed = results.containerEvents().failed().list();
        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).getTestDescriptor().getDisplayName()).isEqualTo("cca(RunContext)");
        Throwable error = Kit.error(failed.get(0));
        assertThat(error).isInstanceOf(AssertionFailedError.class)
                .hasMessageContainingAll("was not computed", "1 of 5 runs", "rerun the whole method");
    }

    @Test
    void wholeMethodIsJudged() {
        Kit.in(folder).run(PassingFixture.class).testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));
    }
}
