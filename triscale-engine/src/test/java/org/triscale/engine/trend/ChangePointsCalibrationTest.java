package org.triscale.engine.trend;

import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded Monte Carlo of the change points' promises (docs/checks-calibration.md, "Change points of
 * the history"): false points per history on i.i.d., AR(1), heavy-tailed and tied histories, false
 * points over the looks of 40-build stable streams recomputed at every build, and the builds a
 * step of 3, 5 and 10 % needs to be shown. By default few replications (seconds) with bounds that
 * allow for their Monte Carlo error; {@code -Dtriscale.calibration=full} runs the documented sizes
 * and prints the tables.
 */
class ChangePointsCalibrationTest {
    /** Build-to-build spread of the KPI: 1 % (standard deviation), the sample suite's order. */
    private static final double NOISE = 0.01;
    private static final int STREAM = 40;

    /** The kinds of noise of a history. */
    enum Noise {
        IID, AR03, AR06, AR09, T3, TIES;

        double[] draw(SplittableRandom random, int n) {
            double phi = switch (this) {
                case AR03 -> 0.3;
                case AR06 -> 0.6;
                case AR09 -> 0.9;
                default -> 0;
            };
            double[] x = new double[n];
            // Stationary start; the innovations scaled so that the marginal spread is NOISE.
            double scale = Math.sqrt(1 - phi * phi);
            double y = random.nextGaussian();
            for (int t = 0; t < n; t++) {
                double e = this == T3 ? studentT3(random) / Math.sqrt(3) : random.nextGaussian();
                y = t == 0 ? y : phi * y + scale * e;
                double v = 100 * (1 + NOISE * y);
                x[t] = this == TIES ? Math.rint(v) : v; // rounded to 1 %: about 40 % ties
            }
            return x;
        }

        private static double studentT3(SplittableRandom random) {
            double z = random.nextGaussian();
            double chi = 0;
            for (int i = 0; i < 3; i++) {
                double g = random.nextGaussian();
                chi += g * g;
            }
            return z / Math.sqrt(chi / 3);
        }
    }

    /** Fraction of stable histories of n builds with a point at one look. */
    static double perHistory(Noise noise, int n, int replications, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int alarms = 0;
        for (int r = 0; r < replications; r++) {
            double[] x = noise.draw(random, n);
            alarms += ChangePoints.look(x, new ChangePoints.Settings(ChangePoints.ALPHA, ChangePoints.PERMUTATIONS,
                    r + 1, 1)).isEmpty() ? 0 : 1;
        }
        return (double) alarms / replications;
    }

    /**
     * The looks of a stream, as a report recomputes them at every build: for each build t ≥ 6 the
     * points shown with {@code looks} confirmations (the points of look t confirmed by looks t−1, …).
     */
    static List<List<ChangePoints.ChangePoint>> shown(double[] stream, int looks) {
        List<List<ChangePoints.ChangePoint>> each = new ArrayList<>();
        for (int t = 1; t <= stream.length; t++) {
            each.add(t < 2 * ChangePoints.MIN_SEGMENT ? List.of()
                    : ChangePoints.look(Arrays.copyOf(stream, t), ChangePoints.Settings.DEFAULT));
        }
        List<List<ChangePoints.ChangePoint>> shown = new ArrayList<>();
        for (int t = 0; t < stream.length; t++) {
            List<ChangePoints.ChangePoint> kept = new ArrayList<>(each.get(t));
            for (int back = 1; back < looks; back++) {
                List<ChangePoints.ChangePoint> earlier = t - back < 0 ? List.of() : each.get(t - back);
                kept.removeIf(p -> earlier.stream().noneMatch(e -> Math.abs(e.index() - p.index()) <= 1
                        && Math.signum(e.change()) == Math.signum(p.change())));
            }
            shown.add(kept);
        }
        return shown;
    }

    /** Fraction of stable 40-build streams that show a point at some build. */
    static double overLooks(Noise noise, int looks, int replications, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int alarms = 0;
        for (int r = 0; r < replications; r++) {
            double[] x = noise.draw(random, STREAM);
            alarms += shown(x, looks).stream().anyMatch(l -> !l.isEmpty()) ? 1 : 0;
        }
        return (double) alarms / replications;
    }

    /**
     * Builds after a step (at build 21 of a stream, 20 stable builds before it) until a point within
     * two builds of it is shown, per replication; 21 (never within the stream) when not by build 40.
     */
    static int[] buildsToShow(Noise noise, double step, int looks, int replications, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] needed = new int[replications];
        for (int r = 0; r < replications; r++) {
            double[] x = noise.draw(random, STREAM);
            for (int t = 20; t < STREAM; t++) {
                x[t] *= 1 + step;
            }
            List<List<ChangePoints.ChangePoint>> shown = shown(x, looks);
            needed[r] = STREAM - 20 + 1;
            for (int t = 20; t < STREAM; t++) {
                if (shown.get(t).stream().anyMatch(p -> Math.abs(p.index() - 21) <= 2 && p.change() > 0)) {
                    needed[r] = t + 1 - 20;
                    break;
                }
            }
        }
        Arrays.sort(needed);
        return needed;
    }

    /**
     * At one look, stable histories of 30 and 40 builds show a false point at most at α = 1 % (within
     * three Monte Carlo standard errors) for i.i.d., AR(1) up to φ = 0.6, t3 and tied noise; the
     * permutation test of the values alone gave 23–52 % at φ = 0.6.
     */
    @Test
    void perHistoryFalsePointsStayAtAlphaUpToPhi06() {
        int reps = Calibration.replications(300, 1000);
        double limit = ChangePoints.ALPHA + 3 * Calibration.standardError(ChangePoints.ALPHA, reps);
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "One look, α = 1 %% per split, %d histories"
                + " per cell.%n%n| noise | 30 builds | 40 builds |%n|---|---|---|%n", reps));
        List<String> over = new ArrayList<>();
        for (Noise noise : Noise.values()) {
            if (!Calibration.full() && noise != Noise.IID && noise != Noise.AR06 && noise != Noise.TIES) {
                continue;
            }
            double at30 = perHistory(noise, 30, reps, 11);
            double at40 = perHistory(noise, 40, reps, 12);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", noise, Calibration.percent(at30),
                    Calibration.percent(at40)));
            if (noise != Noise.AR09 && Math.max(at30, at40) > limit) {
                over.add(noise + ": " + at30 + ", " + at40);
            }
        }
        Calibration.publish("change-points-per-history", md.toString());
        assertThat(over).as("cells beyond α + 3 standard errors").isEmpty();
    }

    /**
     * Over the looks of 40-build stable streams (the report recomputed at every build), the points
     * shown with the default {@value ChangePoints#LOOKS} confirmations: at most 5 % of i.i.d. and
     * AR(1) φ 0.6 streams show one at some build (measured 0.4 % and 3.6 % over 500 streams;
     * unconfirmed single looks 1.6 % and 8.0 %, the former method 8.7–10.7 % on i.i.d. streams).
     */
    @Test
    void streamsRecomputedAtEveryBuildRarelyShowAFalsePoint() {
        int reps = Calibration.replications(60, 500);
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "40-build stable streams, every build a"
                + " look, %d streams per cell.%n%n| noise | single look shown (k = 1) | confirmed over k = 3 looks"
                + " (default) |%n|---|---|---|%n", reps));
        List<String> over = new ArrayList<>();
        for (Noise noise : Noise.values()) {
            if (!Calibration.full() && noise != Noise.IID && noise != Noise.AR06) {
                continue;
            }
            double single = Calibration.full() ? overLooks(noise, 1, reps, 13) : Double.NaN;
            double confirmed = overLooks(noise, ChangePoints.LOOKS, reps, 13);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", noise, Calibration.percent(single),
                    Calibration.percent(confirmed)));
            double limit = 0.05 + 3 * Calibration.standardError(0.05, reps);
            if (noise != Noise.AR09 && confirmed > limit) {
                over.add(noise + ": " + confirmed);
            }
        }
        Calibration.publish("change-points-looks", md.toString());
        assertThat(over).as("stream cells beyond 5 %% + 3 standard errors").isEmpty();
    }

    /**
     * The builds after a step (20 stable builds, then the step) until a confirmed point shows it:
     * a +10 % step on i.i.d. noise of 1 % shows within 8 builds in at least 80 % of streams
     * (measured: median 5, 80th percentile 6 over 250 streams).
     */
    @Test
    void buildsAStepNeedsToShow() {
        int reps = Calibration.replications(30, 250);
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Builds after the step until a confirmed"
                + " point shows it (a step at build 21 of 40, 1 %% noise, k = %d); %d streams per cell; 21 = not"
                + " within the stream.%n%n| step | noise | median | 80th percentile | shown by build 40 |%n"
                + "|---|---|---|---|---|%n", ChangePoints.LOOKS, reps));
        int[] tenPercent = null;
        for (double step : new double[] {0.03, 0.05, 0.10}) {
            for (Noise noise : new Noise[] {Noise.IID, Noise.AR03, Noise.AR06}) {
                if (!Calibration.full() && (step != 0.10 || noise != Noise.IID)) {
                    continue;
                }
                int[] needed = buildsToShow(noise, step, ChangePoints.LOOKS, reps, 14);
                if (step == 0.10 && noise == Noise.IID) {
                    tenPercent = needed;
                }
                long shown = Arrays.stream(needed).filter(b -> b <= STREAM - 20).count();
                md.append(String.format(Locale.ROOT, "| %+.0f %% | %s | %d | %d | %s |%n", 100 * step, noise,
                        needed[needed.length / 2], needed[(int) Math.ceil(0.8 * needed.length) - 1],
                        Calibration.percent((double) shown / needed.length)));
            }
        }
        Calibration.publish("change-points-builds", md.toString());
        assertThat(tenPercent).isNotNull();
        assertThat(tenPercent[(int) Math.ceil(0.8 * tenPercent.length) - 1]).as("80th percentile of builds, +10 %")
                .isLessThanOrEqualTo(8);
        // No point before the confirmations allow: a step needs MIN_SEGMENT + LOOKS − 1 builds after it.
        assertThat(tenPercent[0]).isGreaterThanOrEqualTo(ChangePoints.MIN_SEGMENT + ChangePoints.LOOKS - 1);
    }
}
