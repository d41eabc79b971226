package org.triscale.results.internal.report;


import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One chart as inline SVG: linear axes with "nice" ticks, axis labels, and marks (lines, points,
 * bands, reference lines, legend). Data coordinates are mapped to pixels here; nothing is fetched
 * and no script runs. Colours come from the page's style sheet through CSS classes, so one palette
 * (readable on screen and in print, distinguishable without colour through dashes and markers)
 * serves every chart.
 */
final class Plot {
    private static final int LEFT = 62;
    private static final int RIGHT = 14;
    private static final int TOP = 12;
    private static final int BOTTOM = 40;

    private final int width;
    private final int height;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private double xMin = Double.POSITIVE_INFINITY;
    private double xMax = Double.NEGATIVE_INFINITY;
    private double yMin = Double.POSITIVE_INFINITY;
    private double yMax = Double.NEGATIVE_INFINITY;
    private final List<Mark> marks = new ArrayList<>();
    private final List<String[]> legend = new ArrayList<>();
    private boolean integerX;
    private boolean logX;
    /** How far a threshold may be from the data, in data spans, to be drawn in the scale. */
    static final int REACH = 10;
    private final List<double[]> thresholds = new ArrayList<>();
    private final List<String> thresholdLabels = new ArrayList<>();
    private final List<String> offScale = new ArrayList<>();
    private final List<Boolean> offScaleAbove = new ArrayList<>();

    /** The classes of {@link #points} marks, drawn as circles in the legend too. */
    private static final Set<String> POINT_MARKS = Set.of("dot", "stop", "faint", "seqpt high", "seqpt low");

    /** Something drawn once the scales are known. */
    private interface Mark {
        void draw(StringBuilder svg);
    }

    Plot(int width, int height, String title, String xLabel, String yLabel) {
        this.width = width;
        this.height = height;
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Ticks on whole numbers only (runs, series, lags). */
    Plot integerX() {
        integerX = true;
        return this;
    }

    /**
     * A logarithmic x axis (base 10), for distributions with a long tail such as flow completion
     * times: ticks at 1, 2 and 5 times the powers of ten over at most two decades, at the powers
     * of ten beyond. Only positive x are scaled; a mark at x &le; 0 lies left of the frame, clipped.
     */
    Plot logX() {
        logX = true;
        return this;
    }

    /** Widens the axes to include a point (non-finite values, and x &le; 0 on a log axis, are ignored). */
    Plot include(double x, double y) {
        if (Double.isFinite(x) && (!logX || x > 0)) {
            xMin = Math.min(xMin, x);
            xMax = Math.max(xMax, x);
        }
        if (Double.isFinite(y)) {
            yMin = Math.min(yMin, y);
            yMax = Math.max(yMax, y);
        }
        return this;
    }

    Plot includeY(double y) {
        return include(Double.NaN, y);
    }

    /** A polyline through the points (NaN breaks it). */
    Plot line(double[] xs, double[] ys, String css) {
        for (int i = 0; i < xs.length; i++) {
            include(xs[i], ys[i]);
        }
        marks.add(svg -> {
            StringBuilder d = new StringBuilder();
            boolean pen = false;
            for (int i = 0; i < xs.length; i++) {
                if (!Double.isFinite(xs[i]) || !Double.isFinite(ys[i])) {
                    pen = false;
                    continue;
                }
                d.append(pen ? 'L' : 'M').append(px(xs[i])).append(',').append(py(ys[i]));
                pen = true;
            }
            if (d.length() > 0) {
                svg.append("<path class=\"").append(css).append("\" d=\"").append(d).append("\"/>");
            }
        });
        return this;
    }

    /** A step line (an empirical CDF): horizontal, then vertical. */
    Plot steps(double[] xs, double[] ys, String css) {
        int n = xs.length;
        double[] sx = new double[2 * n];
        double[] sy = new double[2 * n];
        for (int i = 0; i < n; i++) {
            sx[2 * i] = xs[i];
            sy[2 * i] = i == 0 ? 0 : ys[i - 1];
            sx[2 * i + 1] = xs[i];
            sy[2 * i + 1] = ys[i];
        }
        return line(sx, sy, css);
    }

    /** Markers at the points, each with a tooltip. */
    Plot points(double[] xs, double[] ys, String css, String[] tips) {
        for (int i = 0; i < xs.length; i++) {
            include(xs[i], ys[i]);
        }
        marks.add(svg -> {
            for (int i = 0; i < xs.length; i++) {
                if (Double.isFinite(xs[i]) && Double.isFinite(ys[i])) {
                    svg.append("<circle class=\"").append(css).append("\" cx=\"").append(px(xs[i]))
                            .append("\" cy=\"").append(py(ys[i])).append("\" r=\"").append(radius(css))
                            .append("\">");
                    if (tips != null) {
                        svg.append("<title>").append(Html.escape(tips[i])).append("</title>");
                    }
                    svg.append("</circle>");
                }
            }
        });
        return this;
    }

    /** A horizontal reference line across the plot, labelled at its right end. */
    Plot hline(double y, String css, String label) {
        if (!Double.isFinite(y)) {
            return this;
        }
        includeY(y);
        marks.add(svg -> {
            svg.append("<line class=\"").append(css).append("\" x1=\"").append(LEFT).append("\" x2=\"")
                    .append(width - RIGHT).append("\" y1=\"").append(py(y)).append("\" y2=\"").append(py(y))
                    .append("\"/>");
            if (label != null) {
                svg.append("<text class=\"note\" x=\"").append(width - RIGHT - 4).append("\" y=\"")
                        .append(fmt(yPixel(y) - 4)).append("\" text-anchor=\"end\">").append(Html.escape(label))
                        .append("</text>");
            }
        });
        return this;
    }

    /** A vertical line across the plot at x, labelled at its top. */
    Plot vline(double x, String css, String label) {
        if (!Double.isFinite(x)) {
            return this;
        }
        include(x, Double.NaN);
        marks.add(svg -> {
            svg.append("<line class=\"").append(css).append("\" x1=\"").append(px(x)).append("\" x2=\"").append(px(x))
                    .append("\" y1=\"").append(TOP).append("\" y2=\"").append(height - BOTTOM).append("\"/>");
            if (label != null) {
                svg.append("<text class=\"note\" x=\"").append(fmt(xPixel(x) + 4)).append("\" y=\"").append(TOP + 14)
                        .append("\">").append(Html.escape(label)).append("</text>");
            }
        });
        return this;
    }

    /** A horizontal segment from x0 to x1. */
    Plot segment(double x0, double x1, double y, String css) {
        return line(new double[] {x0, x1}, new double[] {y, y}, css);
    }

    /** A filled band between two lines over the same abscissae. */
    Plot band(double[] xs, double[] low, double[] high, String css) {
        for (int i = 0; i < xs.length; i++) {
            include(xs[i], low[i]);
            include(xs[i], high[i]);
        }
        marks.add(svg -> {
            StringBuilder d = new StringBuilder();
            for (int i = 0; i < xs.length; i++) {
                d.append(i == 0 ? 'M' : 'L').append(px(xs[i])).append(',').append(py(high[i]));
            }
            for (int i = xs.length - 1; i >= 0; i--) {
                d.append('L').append(px(xs[i])).append(',').append(py(low[i]));
            }
            svg.append("<path class=\"").append(css).append("\" d=\"").append(d).append("Z\"/>");
        });
        return this;
    }

    /** A horizontal band across the plot between two values. */
    Plot hband(double low, double high, String css) {
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return this;
        }
        includeY(low);
        includeY(high);
        marks.add(svg -> svg.append("<rect class=\"").append(css).append("\" x=\"").append(LEFT).append("\" y=\"")
                .append(py(Math.max(low, high))).append("\" width=\"").append(width - LEFT - RIGHT)
                .append("\" height=\"").append(fmt(Math.abs(yPixel(low) - yPixel(high)))).append("\"/>"));
        return this;
    }

    /** A vertical error bar from low to high at x, with end caps. */
    Plot interval(double x, double low, double high, String css) {
        include(x, low);
        include(x, high);
        marks.add(svg -> {
            String left = fmt(xPixel(x) - 5);
            String right = fmt(xPixel(x) + 5);
            svg.append("<path class=\"").append(css).append("\" d=\"M").append(left).append(',').append(py(low))
                    .append('H').append(right).append('M').append(px(x)).append(',').append(py(low)).append('V')
                    .append(py(high)).append('M').append(left).append(',').append(py(high)).append('H').append(right)
                    .append("\"/>");
        });
        return this;
    }

    /** A legend entry: a sample of the mark's CSS class and its text. */
    Plot legend(String css, String text) {
        legend.add(new String[] {css, text});
        return this;
    }

    /**
     * A threshold: a horizontal line, in the scale when it is within {@value #REACH} times the
     * data's span (at least a quarter of its magnitude) of the data; farther, an arrow at the
     * plot's edge pointing to it with its value, so the data keep their detail and the threshold
     * is still read.
     */
    Plot threshold(double y, String label) {
        if (Double.isFinite(y)) {
            thresholds.add(new double[] {y});
            thresholdLabels.add(label);
        }
        return this;
    }

    /** Lines that bring thresholds into the scale, the others become arrows. */
    private void placeThresholds() {
        double low = yMin;
        double high = yMax;
        boolean data = low <= high;
        double span = data ? Math.max(high - low, Math.max(Math.abs(low), Math.abs(high)) * 0.25) : 0;
        for (int i = 0; i < thresholds.size(); i++) {
            double y = thresholds.get(i)[0];
            String label = thresholdLabels.get(i);
            if (!data || (y >= low - REACH * span && y <= high + REACH * span)) {
                hline(y, "threshold", label);
            } else {
                boolean above = y > high;
                offScale.add((above ? "▲ " : "▼ ") + label + " (off-scale)");
                offScaleAbove.add(above);
            }
        }
    }

    /** The SVG element. */
    String svg() {
        placeThresholds();
        if (!(xMin <= xMax)) {
            xMin = 0;
            xMax = 1;
        }
        if (!(yMin <= yMax)) {
            yMin = 0;
            yMax = 1;
        }
        if (logX && !(xMin > 0)) {
            xMin = 1; // nothing positive to draw: one decade
            xMax = 10;
        }
        double[] xTicks = logX ? logTicks(xMin, xMax) : ticks(xMin, xMax, integerX);
        double[] yTicks = ticks(yMin, yMax, false);
        if (logX) {
            xMin = xTicks[0];
            xMax = xTicks[xTicks.length - 1];
        } else if (integerX) {
            // Categories (runs, series, lags): the axis ends half a step beyond the data.
            xMin -= 0.5;
            xMax += 0.5;
            xTicks = java.util.Arrays.stream(xTicks).filter(t -> t >= xMin && t <= xMax).toArray();
        } else {
            xMin = Math.min(xMin, xTicks[0]);
            xMax = Math.max(xMax, xTicks[xTicks.length - 1]);
        }
        yMin = Math.min(yMin, yTicks[0]);
        yMax = Math.max(yMax, yTicks[yTicks.length - 1]);
        int xDecimals = logX ? -1 : decimals(xTicks);
        int yDecimals = decimals(yTicks);
        // The legend flows in rows under the plot, each entry as wide as its text (about 7 px a character).
        int[][] places = new int[legend.size()][2];
        int legendX = LEFT;
        int legendRow = 0;
        for (int i = 0; i < legend.size(); i++) {
            int entry = 34 + 7 * legend.get(i)[1].length();
            if (legendX > LEFT && legendX + entry > width) {
                legendX = LEFT;
                legendRow++;
            }
            places[i][0] = legendX;
            places[i][1] = legendRow;
            legendX += entry + 10;
        }
        int legendHeight = legend.isEmpty() ? 0 : 18 * (legendRow + 1);
        StringBuilder svg = new StringBuilder(4096);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(width)
                .append("\" height=\"").append(height + legendHeight).append("\" viewBox=\"0 0 ").append(width)
                .append(' ').append(height + legendHeight).append("\"><title>").append(Html.escape(title))
                .append("</title>");
        svg.append("<rect class=\"frame\" x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"")
                .append(width - LEFT - RIGHT).append("\" height=\"").append(height - TOP - BOTTOM).append("\"/>");
        for (double tick : yTicks) {
            svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(width - RIGHT)
                    .append("\" y1=\"").append(py(tick)).append("\" y2=\"").append(py(tick)).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(LEFT - 5).append("\" y=\"")
                    .append(fmt(yPixel(tick) + 4))
                    .append("\" text-anchor=\"end\">").append(label(tick, yDecimals)).append("</text>");
        }
        for (double tick : xTicks) {
            svg.append("<text class=\"tick\" x=\"").append(px(tick)).append("\" y=\"").append(height - BOTTOM + 15)
                    .append("\" text-anchor=\"middle\">")
                    .append(xDecimals < 0 ? Html.escape(org.triscale.results.internal.common.Format.number(tick))
                            : label(tick, xDecimals)).append("</text>");
        }
        // A nested viewport with the outer coordinates clips the marks to the plot area.
        svg.append("<svg x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"")
                .append(width - LEFT - RIGHT).append("\" height=\"").append(height - TOP - BOTTOM)
                .append("\" viewBox=\"").append(LEFT).append(' ').append(TOP).append(' ')
                .append(width - LEFT - RIGHT).append(' ').append(height - TOP - BOTTOM).append("\">");
        for (Mark mark : marks) {
            mark.draw(svg);
        }
        svg.append("</svg>");
        for (int i = 0; i < offScale.size(); i++) {
            boolean above = offScaleAbove.get(i);
            int y = above ? TOP + 14 + 14 * i : height - BOTTOM - 6 - 14 * i;
            svg.append("<text class=\"offscale\" x=\"").append(width - RIGHT - 4).append("\" y=\"").append(y)
                    .append("\" text-anchor=\"end\">").append(Html.escape(offScale.get(i))).append("</text>");
        }
        svg.append("<text class=\"axis\" x=\"").append((LEFT + width - RIGHT) / 2).append("\" y=\"")
                .append(height - 6).append("\" text-anchor=\"middle\">").append(Html.escape(xLabel)).append("</text>");
        svg.append("<text class=\"axis\" transform=\"translate(14,").append((TOP + height - BOTTOM) / 2)
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(Html.escape(yLabel)).append("</text>");
        for (int i = 0; i < legend.size(); i++) {
            int x = places[i][0];
            int y = height + 4 + 18 * places[i][1];
            String css = legend.get(i)[0];
            if (POINT_MARKS.contains(css)) {
                svg.append("<circle class=\"").append(css).append(" legend-key\" cx=\"").append(x + 11)
                        .append("\" cy=\"").append(y + 5).append("\" r=\"").append(radius(css)).append("\"/>");
            } else {
                svg.append("<line class=\"").append(css).append(" legend-key\" x1=\"").append(x).append("\" x2=\"")
                        .append(x + 22).append("\" y1=\"").append(y + 5).append("\" y2=\"").append(y + 5).append("\"/>");
            }
            svg.append("<text class=\"note\" x=\"").append(x + 28).append("\" y=\"").append(y + 9).append("\">")
                    .append(Html.escape(legend.get(i)[1])).append("</text>");
        }
        return svg.append("</svg>").toString();
    }

    /** A marker's radius: stops stand out, the run metrics behind a chart and its steps recede. */
    private static String radius(String css) {
        return css.equals("stop") ? "5" : css.equals("dot") ? "3.5" : "2.5";
    }

    private String px(double x) {
        return fmt(xPixel(x));
    }

    private String py(double y) {
        return fmt(yPixel(y));
    }

    private double xPixel(double x) {
        if (logX) {
            return x > 0 ? LEFT + (Math.log10(x) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))
                    * (width - LEFT - RIGHT) : LEFT - 10;
        }
        return LEFT + (x - xMin) / (xMax - xMin) * (width - LEFT - RIGHT);
    }

    private double yPixel(double y) {
        return height - BOTTOM - (y - yMin) / (yMax - yMin) * (height - TOP - BOTTOM);
    }

    /** Pixels with one decimal; by hand, since String.format would dominate the report's time. */
    private static String fmt(double pixels) {
        long tenths = Math.round(pixels * 10);
        String sign = tenths < 0 ? "-" : "";
        tenths = Math.abs(tenths);
        return sign + tenths / 10 + "." + tenths % 10;
    }

    /**
     * About five "nice" ticks covering {@code [low, high]}: Heckbert's loose labelling (Heckbert
     * 1990, "Nice numbers for graph labels", Graphics Gems): the range and the step are rounded to
     * 1, 2 or 5 times a power of ten, the ticks are the step's multiples around the data. A zero
     * or too narrow range (below what a double resolves at that magnitude) is widened first, so
     * the ticks are always distinct.
     */
    static double[] ticks(double low, double high, boolean integers) {
        double magnitude = Math.max(Math.abs(low), Math.abs(high));
        double resolvable = magnitude * 1e-9;
        if (!(high - low > resolvable)) {
            double pad = magnitude == 0 ? 1 : Math.max(magnitude * 0.01, resolvable);
            double middle = (low + high) / 2;
            low = middle - pad;
            high = middle + pad;
        }
        double range = nice(high - low, false);
        double step = nice(range / 4, true);
        if (integers) {
            step = Math.max(1, Math.rint(step));
        }
        double first = Math.floor(low / step) * step;
        double last = Math.ceil(high / step) * step;
        int count = (int) Math.round((last - first) / step) + 1;
        double[] ticks = new double[count];
        for (int i = 0; i < count; i++) {
            ticks[i] = first + i * step;
            if (Math.abs(ticks[i]) < step * 1e-9) {
                ticks[i] = 0;
            }
        }
        return ticks;
    }

    /** Heckbert's nice number near x: 1, 2, 5 or 10 times a power of ten, rounded or not below. */
    static double nice(double x, boolean round) {
        double exponent = Math.floor(Math.log10(x));
        double fraction = x / Math.pow(10, exponent);
        double nice;
        if (round) {
            nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        }
        return nice * Math.pow(10, exponent);
    }

    /**
     * The decimals the labels of ticks need to be distinct: those of the step (Heckbert 1990),
     * {@code max(-floor(log10(step)), 0)}.
     */
    static int decimals(double[] ticks) {
        if (ticks.length < 2) {
            return 0;
        }
        double step = ticks[1] - ticks[0];
        return (int) Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
    }

    /** A tick's label with a fixed number of decimals, plain notation ("0.0012", "12500"). */
    /**
     * The ticks of a log axis covering {@code [low, high]} (both positive): the powers of ten from
     * the one at or below {@code low} to the one at or above {@code high} (at least one decade),
     * with 2 and 5 times each power between them when the axis spans at most two decades.
     */
    static double[] logTicks(double low, double high) {
        int first = (int) Math.floor(Math.log10(low) + 1e-12);
        int last = Math.max(first + 1, (int) Math.ceil(Math.log10(high) - 1e-12));
        List<Double> ticks = new ArrayList<>();
        for (int decade = first; decade <= last; decade++) {
            double power = Double.parseDouble("1e" + decade); // exact, unlike Math.pow(10, decade)
            ticks.add(power);
            if (last - first <= 2 && decade < last) {
                ticks.add(2 * power);
                ticks.add(5 * power);
            }
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String label(double tick, int decimals) {
        return java.math.BigDecimal.valueOf(tick).setScale(decimals, java.math.RoundingMode.HALF_UP).toPlainString();
    }
}
