package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.Metrics;
import org.triscale.results.internal.setup.TestSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.triscale.engine.Mode;
import org.triscale.results.internal.setup.FailingChecks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class InvocationsLazinessTest {
    private static TemplateState state() {
        Settings settings = new Settings(Mode.SOUND, FailingChecks.WARN, 1, false, Path.of("out"));
        TestSetup setup = new TestSetup(new TestSetup.TestId("a.B", "m", "B.m"),
                new TestSetup.RunsSetup(75, 75, 0, 3, 3), new TestSetup.SeriesSetup(2, 75, 75), Optional.empty(),
                new Metrics(List.of()), List.of(), List.of(), settings, Optional.empty());
        return new TemplateState(setup);
    }

    @Test
    void generatesOneInvocationAtATime() {
        TemplateState state = state();
        Invocations invocations = new Invocations(state, NoApi.INSTANCE);
        List<TestTemplateInvocationContext> seen = new ArrayList<>();

        assertThat(invocations.tryAdvance(seen::add)).isTrue();
        assertThat(state.generatedRuns()).isEqualTo(1);
        assertThat(seen.get(0).getDisplayName(1)).isEqualTo("series 1/2 · run 1/3");

        while (invocations.tryAdvance(seen::add)) {
            // drain
        }
        assertThat(seen).hasSize(7);
        assertThat(seen.get(3).getDisplayName(4)).isEqualTo("series 2/2 · run 1/3");
        assertThat(seen.get(6).getDisplayName(7)).isEqualTo("verdict");
        assertThat(state.generatedRuns()).isEqualTo(6);
        assertThat(state.run(2, 3).seed).isNotEqualTo(state.run(1, 3).seed);
    }
}
