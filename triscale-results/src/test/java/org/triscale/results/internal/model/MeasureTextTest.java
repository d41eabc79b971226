package org.triscale.results.internal.model;

import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Measure;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A measure's text in the files is read back to the measure it was written from. */
class MeasureTextTest {
    private final MeasureText converter = new MeasureText();

    @Test
    void everyMeasureReadsBackFromItsOwnText() {
        for (Measure measure : List.of(Measure.percentile(95), Measure.percentile(99.9), Measure.percentile(0.5),
                Measure.mean(), Measure.minimum(), Measure.maximum())) {
            assertThat(converter.convert(measure.toString())).as(measure.toString()).isEqualTo(measure);
        }
    }

    @Test
    void theFormsMeasureParseAcceptsAreReadToo() {
        assertThat(converter.convert("max")).isEqualTo(Measure.maximum());
        assertThat(converter.convert("min")).isEqualTo(Measure.minimum());
        assertThat(converter.convert("95")).isEqualTo(Measure.percentile(95));
    }

    @Test
    void aTextThatIsNoMeasureIsRefusedNamingItAndTheValidForms() {
        for (String text : List.of("P", "Pxx", "P100", "P0", "median", "")) {
            assertThatThrownBy(() -> converter.convert(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("measure '" + text + "' is not valid; expected P and a percentile in (0, 100) such as"
                            + " P95 or P99.9, or mean, minimum or maximum");
        }
    }
}
