package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.junit.FixturesOnly;

import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The cells a class template's sources declare, and the limit on a grid's runs; the classes below are read, never run. */
class GridSizeTest {

    @Test
    void countsWhatTheAnnotationsAloneFix() {
        assertThat(GridSize.declaredInvocations(Values.class)).hasValue(3);
        assertThat(GridSize.declaredInvocations(TwoValueSources.class)).hasValue(5);
        assertThat(GridSize.declaredInvocations(CsvWithHeader.class)).hasValue(2);
        assertThat(GridSize.declaredInvocations(Units.class)).hasValue(TimeUnit.values().length);
        assertThat(GridSize.declaredInvocations(SomeUnits.class)).hasValue(2);
        assertThat(GridSize.declaredInvocations(StringsAndNullAndEmpty.class)).hasValue(4);
    }

    @Test
    void anyOtherSourceLeavesTheCountUnknown() {
        assertThat(GridSize.declaredInvocations(Method.class)).isEqualTo(OptionalInt.empty());
        assertThat(GridSize.declaredInvocations(ValuesAndMethod.class)).isEqualTo(OptionalInt.empty());
        assertThat(GridSize.declaredInvocations(CsvTextBlock.class)).isEqualTo(OptionalInt.empty());
        assertThat(GridSize.declaredInvocations(ExcludedUnits.class)).isEqualTo(OptionalInt.empty());
        assertThat(GridSize.declaredInvocations(NotParameterized.class)).isEqualTo(OptionalInt.empty());
    }

    @Test
    void refusesAGridAboveTheLimitWithItsSizesAndTheFix() {
        GridSize.check("Grid.fct[a=1]", 4, true, 25, 100); // at the limit: runs

        assertThatThrownBy(() -> GridSize.check("Grid.fct[a=1]", 5, true, 25, 100))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("Grid.fct[a=1]: the grid has 5 cells × 25 runs (series × runs of a cell) = 125"
                        + " runs, more than triscale.grid.maxRuns = 100 allows in one launch; no cell ran")
                .hasMessageContaining("-Dtriscale.grid.maxRuns=125");
        assertThatThrownBy(() -> GridSize.check("Grid.fct[a=5]", 5, false, 25, 100))
                .hasMessageContaining("the grid has at least 5 cells")
                .hasMessageContaining("the cells after the first 4 do not run");
    }

    enum Kind { A, B }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {1, 2, 3})
    static class Values {
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {1, 2, 3})
    @ValueSource(strings = {"a", "b"})
    static class TwoValueSources {
    }

    @FixturesOnly
    @ParameterizedClass
    @CsvSource(value = {"rtt, cca", "10, cubic", "40, bbr"}, useHeadersInDisplayName = true)
    static class CsvWithHeader {
    }

    @FixturesOnly
    @ParameterizedClass
    @CsvSource(textBlock = """
            10, cubic
            40, bbr
            """)
    static class CsvTextBlock {
    }

    @FixturesOnly
    @ParameterizedClass
    @EnumSource(TimeUnit.class)
    static class Units {
    }

    @FixturesOnly
    @ParameterizedClass
    @EnumSource(value = TimeUnit.class, names = {"SECONDS", "MINUTES"})
    static class SomeUnits {
    }

    @FixturesOnly
    @ParameterizedClass
    @EnumSource(value = TimeUnit.class, names = {"SECONDS"}, mode = EnumSource.Mode.EXCLUDE)
    static class ExcludedUnits {
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(strings = {"a", "b"})
    @NullAndEmptySource
    static class StringsAndNullAndEmpty {
    }

    @FixturesOnly
    @ParameterizedClass
    @MethodSource("values")
    static class Method {
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = 1)
    @MethodSource("values")
    static class ValuesAndMethod {
    }

    @FixturesOnly
    @ValueSource(ints = {1, 2})
    static class NotParameterized {
    }
}
