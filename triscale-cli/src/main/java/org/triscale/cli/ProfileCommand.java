package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Json;
import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.cli.csv.CsvDataException;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.network.NetworkProfile;
import org.triscale.engine.network.NetworkProfiling;
import org.triscale.engine.trend.TheilSenFit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** {@code triscale profile}: TriScale's network profiling of a test bed's link-quality series. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Profile a test bed before running series (TriScale's network profiling): is its link quality, "
                + "measured at equal intervals over days or weeks, stationary and independent, and which seasonal "
                + "periods (a day, a week) must each series span.",
                "Example: triscale profile link_quality.csv --y-column link_quality --bounds 0,100"})
final class ProfileCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "CSV file of the link-quality values in time order, "
            + "equally spaced (a header row is optional; empty or nan cells are missing values, replaced by the median "
            + "for the autocorrelation).")
    Path file;

    @Option(names = "--y-column", converter = Converters.Column.class, paramLabel = "NAME|POSITION",
            description = "The link-quality column (default: the only column, else the second, as TriScale's files "
                    + "have date_time,link_quality).")
    ColumnRef yColumn;

    @Option(names = "--x-column", converter = Converters.Column.class, paramLabel = "NAME|POSITION",
            description = "A numeric time column (e.g. seconds): checked to increase at equal steps, and used to state "
                    + "the periods in its unit. Without it, periods are in samples.")
    ColumnRef xColumn;

    @Option(names = "--bounds", converter = Converters.Range.class, paramLabel = "MIN,MAX",
            description = "Range the link quality can take (e.g. 0,100 for a reception rate in percent), used by the "
                    + "trend test (default: the values' min and max).")
    ValueRange bounds;

    @Option(names = "--mode", defaultValue = "SOUND", paramLabel = "SOUND|TRISCALE",
            description = "Independence check: SOUND (Ljung-Box, calibrated false-alarm rate) or TRISCALE (the "
                    + "original's band test on every lag). Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--csv", description = "Print the autocorrelation as CSV (lag, autocorrelation, outside_band, "
            + "peak, seasonal) instead of a summary.")
    boolean csv;

    /** Relative departure from the median step above which the x column is not equally spaced. */
    private static final double SPACING_TOLERANCE = 0.01;

    @Override
    public Integer call() throws IOException {
        if (csv && json) {
            throw usageError("--csv and --json both choose the output; give one");
        }
        CsvColumns data = read();
        double[] values = data.column(xColumn == null ? 0 : 1);
        double step = xColumn == null ? Double.NaN : step(data.column(0), data);
        NetworkProfile profile = NetworkProfiling.profile(values, bounds, mode);
        if (json) {
            printJson(toJson(profile, step));
        } else if (csv) {
            printLines(csvLines(profile));
        } else {
            printLines(summary(profile, data, step));
        }
        return 0;
    }

    private CsvColumns read() {
        return CsvInput.read(file, path -> {
            ColumnRef y = yColumn;
            if (y == null) {
                int width = CsvColumnReader.width(path);
                y = ColumnRef.position(width == 1 ? 1 : 2);
            }
            return CsvColumnReader.read(path, xColumn == null ? List.of(y) : List.of(xColumn, y));
        });
    }

    /** The x column's step; refused unless x increases at equal steps (the autocorrelation needs them). */
    private static double step(double[] x, CsvColumns data) {
        int n = x.length;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x[i])) {
                throw new CsvDataException(data.file() + ": row " + (i + 1) + " of the x column '" + data.names().get(0)
                        + "' is " + x[i] + "; the time of every link-quality sample is needed to check the spacing"
                        + " (leave out --x-column to profile the values in their order)");
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double[] steps = new double[n - 1];
        for (int i = 1; i < n; i++) {
            steps[i - 1] = x[i] - x[i - 1];
        }
        double[] sorted = steps.clone();
        java.util.Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        for (int i = 0; i < steps.length; i++) {
            if (!(median > 0) || Math.abs(steps[i] - median) > SPACING_TOLERANCE * median) {
                throw new CsvDataException(data.file() + ": the x column '" + data.names().get(0) + "' goes from "
                        + Text.number(x[i]) + " to " + Text.number(x[i + 1]) + " at rows " + (i + 1) + "-" + (i + 2)
                        + ", a step of " + Text.number(steps[i]) + " where the usual step is " + Text.number(median)
                        + "; profiling needs samples in time order at equal intervals (within 1 %): add the missing"
                        + " rows with an empty value, sort the file, or resample it");
            }
        }
        return median;
    }

    private static ObjectNode toJson(NetworkProfile profile, double step) {
        ObjectNode node = Json.object();
        node.put("iid", profile.iid());
        node.put("mode", profile.mode().name());
        node.put("values", profile.values());
        node.put("replaced_nan", profile.replacedNaN());
        Json.putNumber(node, "replacement", profile.replacement());
        ObjectNode convergence = node.putObject("convergence");
        TheilSenFit fit = profile.convergence().fit();
        convergence.put("converged", profile.convergence().converged());
        convergence.put("confidence", NetworkProfiling.CONFIDENCE);
        convergence.put("tolerance", NetworkProfiling.TOLERANCE);
        Json.putNumber(convergence, "slope", fit.slope());
        Json.putNumber(convergence, "intercept", fit.intercept());
        Json.putNumber(convergence, "low_slope", fit.lowSlope());
        Json.putNumber(convergence, "high_slope", fit.highSlope());
        CheckResult independence = profile.independence();
        ObjectNode check = node.putObject("independence");
        check.put("name", independence.name());
        check.put("passed", independence.passed());
        Json.putNumber(check, "statistic", independence.statistic());
        Json.putNumber(check, "p_value", independence.pValue());
        check.put("description", independence.description());
        Json.putNumber(node, "band", profile.band());
        Json.putNumber(node, "step", step);
        ArrayNode periods = node.putArray("seasonal_periods");
        profile.seasonalPeriods().forEach(periods::add);
        ArrayNode peaks = node.putArray("peaks");
        for (NetworkProfile.Peak peak : profile.peaks()) {
            ObjectNode item = peaks.addObject();
            item.put("lag", peak.lag());
            Json.putNumber(item, "autocorrelation", peak.autocorrelation());
            item.put("seasonal", peak.seasonal());
        }
        ArrayNode outside = node.putArray("lags_outside_band");
        profile.lagsOutsideBand().forEach(outside::add);
        // Finite: the values are, and r_k is divided by r_0 > 0 or left at 0 for constant values.
        ArrayNode r = node.putArray("autocorrelation");
        profile.autocorrelation().forEach(r::add);
        node.put("guidance", profile.guidance());
        return node;
    }

    private static List<String> csvLines(NetworkProfile profile) {
        List<String> lines = new ArrayList<>();
        lines.add("lag,autocorrelation,outside_band,peak,seasonal");
        java.util.Map<Integer, NetworkProfile.Peak> peaks = profile.peaks().stream()
                .collect(Collectors.toMap(NetworkProfile.Peak::lag, p -> p));
        java.util.Set<Integer> outside = new java.util.HashSet<>(profile.lagsOutsideBand());
        for (int k = 0; k < profile.autocorrelation().size(); k++) {
            NetworkProfile.Peak peak = peaks.get(k);
            lines.add(k + "," + profile.autocorrelation().get(k) + "," + outside.contains(k) + "," + (peak != null)
                    + "," + (peak != null && peak.seasonal()));
        }
        return lines;
    }

    private List<String> summary(NetworkProfile profile, CsvColumns data, double step) {
        List<String> lines = new ArrayList<>();
        String name = data.names().get(data.names().size() - 1);
        lines.add("link quality: " + (profile.iid() ? "appears i.i.d." : "NOT i.i.d.") + " (" + profile.mode()
                + " checks; " + Text.count(profile.values(), "value") + " of " + name + " in " + data.file()
                + (profile.replacedNaN() == 0 ? ")" : ", " + profile.replacedNaN() + " missing replaced by their median "
                + Text.number(profile.replacement()) + ")"));
        TheilSenFit fit = profile.convergence().fit();
        lines.add("  [" + (profile.convergence().converged() ? "pass" : "FAIL") + "] convergence: normalised Theil-Sen"
                + " slope " + Text.number(fit.slope()) + ", " + Text.percent(NetworkProfiling.CONFIDENCE)
                + " % interval [" + Text.number(fit.lowSlope()) + ", " + Text.number(fit.highSlope()) + "] "
                + (profile.convergence().converged() ? "within" : "outside") + " +/-"
                + Text.percent(NetworkProfiling.TOLERANCE) + " %");
        CheckResult independence = profile.independence();
        lines.add("  [" + (independence.passed() ? "pass" : "FAIL") + "] " + independence.name() + ": "
                + independence.description());
        lines.add("autocorrelation: " + profile.lagsOutsideBand().size() + " of " + (profile.values() - 1)
                + " lags outside the band +/-" + Text.number(profile.band()) + " = 1.96/sqrt(" + profile.values() + ")");
        if (profile.peaks().isEmpty()) {
            lines.add("peaks: none at lags 2-" + profile.values() / 2 + " (at least twice the band)");
        } else {
            lines.add("peaks: " + profile.peaks().stream()
                    .map(p -> "lag " + p.lag() + inUnits(p.lag(), step) + " r=" + Text.number(p.autocorrelation())
                            + (p.seasonal() ? " (seasonal)" : ""))
                    .collect(Collectors.joining(", ")));
        }
        lines.add("seasonal periods: " + (profile.seasonalPeriods().isEmpty() ? "none"
                : profile.seasonalPeriods().stream().map(k -> k + " samples" + inUnits(k, step))
                .collect(Collectors.joining(", "))));
        String guidance = profile.guidance();
        if (profile.largestPeriod() > 0 && !Double.isNaN(step)) {
            guidance += " In the x column's unit: a multiple of " + Text.number(profile.largestPeriod() * step) + ".";
        }
        lines.add("guidance: " + guidance);
        return lines;
    }

    private static String inUnits(int lag, double step) {
        return Double.isNaN(step) ? "" : " (x " + Text.number(lag * step) + ")";
    }
}
