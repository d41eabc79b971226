package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Ticks with distinct labels on any range (Heckbert 1990), thresholds drawn or labelled off-scale. */
class PlotTest {
    @ParameterizedTest
    @CsvSource({"10.4701, 10.4705", "16.41, 16.41", "0, 0", "0, 1", "-3, 7", "1e-9, 3e-9", "1e6, 1.00001e6",
            "12345678, 12345679", "0.001, 2000", "-0.5, -0.4999"})
    void tickLabelsAreDistinctAndCoverTheRange(double low, double high) {
        double[] ticks = Plot.ticks(low, high, false);
        assertThat(ticks.length).isBetween(3, 12);
        assertThat(ticks[0]).isLessThanOrEqualTo(low);
        assertThat(ticks[ticks.length - 1]).isGreaterThanOrEqualTo(high);
        int decimals = Plot.decimals(ticks);
        List<String> labels = new ArrayList<>();
        for (double tick : ticks) {
            labels.add(Plot.label(tick, decimals));
        }
        assertThat(labels).doesNotHaveDuplicates();
    }

    @Test
    void aMicrosecondWideBandGetsAsManyDecimalsAsItNeeds() {
        double[] ticks = Plot.ticks(10.47012, 10.47018, false);
        assertThat(Plot.label(ticks[1], Plot.decimals(ticks))).matches("10\\.470\\d+");
        assertThat(Plot.label(2000, Plot.decimals(Plot.ticks(0, 2000, false)))).isEqualTo("2000");
    }

    @Test
    void aFarThresholdIsAnArrowWithItsValueANearOneALine() {
        String far = new Plot(400, 200, "t", "x (s)", "y (ms)").include(0, 10).include(1, 10.5)
                .threshold(2000, "atMost 2000 ms").svg();
        assertThat(far).doesNotContain("class=\"threshold\"").contains("class=\"offscale\"")
                .contains("▲ atMost 2000 ms (off-scale)");
        String near = new Plot(400, 200, "t", "x (s)", "y (ms)").include(0, 10).include(1, 10.5)
                .threshold(12, "atMost 12 ms").svg();
        assertThat(near).contains("class=\"threshold\"").doesNotContain("offscale");
        Matcher y = Pattern.compile("class=\"threshold\"[^>]*y1=\"([0-9.]+)\"").matcher(near);
        assertThat(y.find()).isTrue();
        assertThat(Double.parseDouble(y.group(1))).isBetween(12.0, 160.0); // inside the frame
    }

    @Test
    void aLogAxisTicksDecadesAndSpreadsATailThatALinearAxisSqueezes() {
        assertThat(Plot.logTicks(1500, 3000)).containsExactly(1000, 2000, 5000, 10000);
        assertThat(Plot.logTicks(12, 9000)).containsExactly(10, 100, 1000, 10000);
        assertThat(Plot.logTicks(100, 100)).containsExactly(100, 200, 500, 1000);
        assertThat(Plot.logTicks(0.03, 0.2)).containsExactly(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1);
        // Flows of 100 ms and a tail at 10 s: on a log axis 1 s lies half-way, not at a tenth.
        String svg = new Plot(462, 200, "t", "fct (ms), log scale", "y").logX().line(new double[] {100, 1000, 10000},
                new double[] {0, 0.5, 1}, "cdf").svg();
        Matcher path = Pattern.compile("class=\"cdf\" d=\"M([0-9.]+),[0-9.]+L([0-9.]+),[0-9.]+L([0-9.]+),").matcher(svg);
        assertThat(path.find()).isTrue();
        double left = Double.parseDouble(path.group(1));
        double middle = Double.parseDouble(path.group(2));
        double right = Double.parseDouble(path.group(3));
        assertThat((middle - left) / (right - left)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(svg).contains(">100<", ">1000<", ">10000<");
        // Nothing positive to draw: one decade, not an endless loop.
        assertThat(new Plot(400, 200, "t", "x", "y").logX().include(0, 1).svg()).contains(">1<", ">10<");
    }
}
