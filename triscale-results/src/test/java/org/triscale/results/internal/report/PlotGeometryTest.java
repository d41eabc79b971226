package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plot's geometry: data map linearly onto the frame (62 px left, 14 right, 12 top, 40 bottom
 * margins), the axes end on ticks, categories half a step beyond the data, marks are clipped to
 * the frame and every text is escaped.
 */
class PlotGeometryTest {

    /** The (cx, cy) of every marker of a CSS class, legend keys left out. */
    static List<double[]> circles(String svg, String css) {
        List<double[]> out = new ArrayList<>();
        Matcher m = Pattern.compile("<circle class=\"" + Pattern.quote(css) + "\" cx=\"([-0-9.]+)\" cy=\"([-0-9.]+)\"")
                .matcher(svg);
        while (m.find()) {
            out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        }
        return out;
    }

    @Test
    void pointsMapLinearlyOntoTheFrameWhoseAxesEndOnTicks() {
        String svg = new Plot(400, 200, "t", "x", "y").points(new double[] {0, 5, 10}, new double[] {0, 50, 100},
                "dot", null).svg();

        // x: [0, 10] onto [62, 386]; y: [0, 100] onto [160, 12].
        assertThat(circles(svg, "dot")).containsExactly(new double[] {62, 160}, new double[] {224, 86},
                new double[] {386, 12});
        assertThat(svg).contains("<rect class=\"frame\" x=\"62\" y=\"12\" width=\"324\" height=\"148\"/>")
                .startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"400\" height=\"200\"");
    }

    @Test
    void theAxesWidenToTheNextTicks() {
        // y in [3, 97]: the ticks run from 0 to 100, so 3 is 3 % up the frame.
        String svg = new Plot(400, 200, "t", "x", "y").points(new double[] {0, 10}, new double[] {3, 97}, "dot", null)
                .svg();
        List<double[]> points = circles(svg, "dot");
        assertThat(points.get(0)[1]).isEqualTo(160 - 0.03 * 148, org.assertj.core.api.Assertions.within(0.05));
        assertThat(points.get(1)[1]).isEqualTo(160 - 0.97 * 148, org.assertj.core.api.Assertions.within(0.05));
        assertThat(svg).contains(">0</text>").contains(">100</text>");
    }

    @Test
    void categoriesEndHalfAStepBeyondTheData() {
        String svg = new Plot(400, 200, "t", "run", "y").integerX()
                .points(new double[] {1, 2, 3, 4, 5}, new double[] {1, 1, 1, 1, 2}, "dot", null).svg();

        // x: [0.5, 5.5] onto [62, 386]: run 1 at 62 + 324 / 10, run 5 at 386 - 324 / 10.
        List<double[]> points = circles(svg, "dot");
        assertThat(points).hasSize(5);
        assertThat(points.get(0)[0]).isEqualTo(94.4);
        assertThat(points.get(4)[0]).isEqualTo(353.6);
        for (int i = 1; i < 5; i++) {
            assertThat(points.get(i)[0] - points.get(i - 1)[0]).isCloseTo(64.8, org.assertj.core.api.Assertions.within(0.11));
        }
        // Only whole ticks: no "0.5" label.
        assertThat(svg).doesNotContain(">0.5</text>").contains(">1</text>").contains(">5</text>");
    }

    @Test
    void nonFiniteValuesAreNotDrawnAndBreakALine() {
        String svg = new Plot(400, 200, "t", "x", "y").points(new double[] {0, 1, 2}, new double[] {1, Double.NaN, 2},
                "dot", null).line(new double[] {0, 1, 2, 3}, new double[] {1, 2, Double.NaN, 2}, "trend").svg();

        assertThat(circles(svg, "dot")).hasSize(2);
        Matcher path = Pattern.compile("<path class=\"trend\" d=\"([^\"]+)\"").matcher(svg);
        assertThat(path.find()).isTrue();
        assertThat(path.group(1).chars().filter(c -> c == 'M')).hasSize(2);
        assertThat(path.group(1).chars().filter(c -> c == 'L')).hasSize(1);
    }

    @Test
    void aBandIsARectangleBetweenItsValues() {
        String svg = new Plot(400, 200, "t", "x", "y").include(0, 0).include(10, 100).hband(25, 75, "scoreband").svg();

        assertThat(svg).contains("<rect class=\"scoreband\" x=\"62\" y=\"49.0\" width=\"324\" height=\"74.0\"/>");
    }

    @Test
    void anIntervalIsAVerticalBarWithCaps() {
        String svg = new Plot(400, 200, "t", "x", "y").include(0, 0).include(10, 100).interval(5, 20, 80, "ci").svg();

        assertThat(svg).contains("<path class=\"ci\" d=\"M219.0,130.4H229.0M224.0,130.4V41.6M219.0,41.6H229.0\"/>");
    }

    @Test
    void textsAreEscapedAndTipsAreTitles() {
        String svg = new Plot(400, 200, "a <b> & c", "x \"q\"", "y").points(new double[] {1}, new double[] {1}, "dot",
                new String[] {"run <1>"}).legend("dot", "<legend>").svg();

        assertThat(svg).contains("<title>a &lt;b&gt; &amp; c</title>").contains("<title>run &lt;1&gt;</title>")
                .contains("&lt;legend&gt;").doesNotContain("<b>").doesNotContain("<legend>");
    }

    @Test
    void theLegendAddsRowsUnderThePlot() {
        Plot plot = new Plot(300, 200, "t", "x", "y").include(0, 0).include(1, 1);
        String one = plot.legend("dot", "a").svg();
        assertThat(one).contains("height=\"218\"");
        Plot many = new Plot(300, 200, "t", "x", "y").include(0, 0).include(1, 1);
        for (int i = 0; i < 4; i++) {
            many.legend("dot", "a legend entry long enough to fill a row " + i);
        }
        // Each entry is wider than half the plot: one row each.
        assertThat(many.svg()).contains("height=\"272\"");
    }

    @Test
    void aThresholdBelowTheDataIsAnArrowPointingDown() {
        String svg = new Plot(400, 200, "t", "x", "y").include(0, 1000).include(1, 1001)
                .threshold(-100000, "atLeast -1e5").svg();

        assertThat(svg).contains("▼ atLeast -1e5 (off-scale)");
    }
}
