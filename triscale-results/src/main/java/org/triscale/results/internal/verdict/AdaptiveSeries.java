package org.triscale.results.internal.verdict;

import org.triscale.engine.analysis.Side;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialKpi;
import org.triscale.engine.sequential.SequentialSpec;
import org.triscale.engine.sequential.SequentialStep;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.TestSetup;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One series of an adaptive test ({@code @Runs(adaptive = true)}): an anytime-valid KPI per
 * {@code @Kpi} (Howard and Ramdas 2022, {@link SequentialKpi}), updated after every run, and the
 * stopping rule. From the sized minimum on, the series stops when every KPI is decided (its bound
 * is on the pass or the fail side of its threshold) or meets the precision target; at the latest
 * at {@code maxCount} runs. Each KPI's bound holds at every run at once, so stopping on it keeps
 * the confidence of the verdict.
 */
public final class AdaptiveSeries {
    private final TestSetup setup;
    private final Map<KpiSpec, SequentialKpi> kpis = new LinkedHashMap<>();
    private int runs;
    private StopReason stopReason;
    /** The run count by which the countdown last promised a decision; -1 before the first promise. */
    private int promisedBy = -1;
    /** How many promises the series reached without a decision: each widens the next one. */
    private int brokenPromises;
    /** The run count the countdown was last computed at: a second progress line of one run repeats it. */
    private int countedAt = -1;
    /** The decision of a stopped series, kept until another run is added (none is, once stopped). */
    private SeriesDecision stoppedDecision;

    /**
     * Starts the KPIs of one series. Each boundary is tuned for a quarter of {@code maxCount}, but
     * not below its KPI's fixed-N minimum: where a KPI far from its threshold is typically decided.
     * Tuning for the minimum instead saved a few more runs for P75 KPIs but lost power there, and
     * saved far fewer runs for P50 and P90 KPIs (the measurements are in docs/validation.md).
     *
     * @param setup an adaptive test's setup
     */
    public AdaptiveSeries(TestSetup setup) {
        this.setup = setup;
        for (KpiSpec kpi : setup.kpis()) {
            kpis.put(kpi, SequentialKpi.start(spec(kpi.percentile(), kpi.confidence(), kpi.side(),
                    kpi.side() == Side.UPPER ? kpi.atMost() : kpi.atLeast(), setup.runsPerSeries(),
                    setup.runs().precision())));
        }
    }

    /**
     * The anytime-valid KPI of one {@code @Kpi} in a series of an adaptive test, tuned as described
     * at {@link #AdaptiveSeries(TestSetup)}. The report replays it from a result's run metrics.
     *
     * @param percentile the KPI's percentile
     * @param confidence the KPI's confidence in percent
     * @param side       the KPI's side
     * @param threshold  the threshold on that side, NaN for none
     * @param maxCount   the most runs of a series
     * @param precision  the precision target (relative half-width), NaN for none
     * @return the specification
     */
    public static SequentialSpec spec(double percentile, double confidence, Side side, double threshold,
                                      int maxCount, double precision) {
        SequentialSpec spec = SequentialSpec.of(percentile, confidence, side);
        spec = spec.withThreshold(threshold).withTunedFor(Math.max(spec.tunedFor(), maxCount / 4));
        return Double.isNaN(precision) ? spec : spec.withPrecision(precision);
    }

    /**
     * Adds a finished run: its metric values (NaN when the run is not valid) update every KPI,
     * then the stopping rule is applied.
     *
     * @param record the run, finished
     */
    public void add(RunRecord record) {
        stoppedDecision = null;
        runs++;
        for (Map.Entry<KpiSpec, SequentialKpi> kpi : kpis.entrySet()) {
            kpi.getValue().add(record.value(kpi.getKey().metric()));
        }
        if (stopReason != null || runs < setup.runs().sized()) {
            return;
        }
        boolean done = true;
        boolean decided = true;
        for (SequentialKpi kpi : kpis.values()) {
            SequentialStep step = kpi.current();
            done &= step.stop();
            decided &= step.decision() != Decision.UNDECIDED;
        }
        if (done) {
            stopReason = decided ? StopReason.DECIDED : StopReason.PRECISION;
        } else if (runs >= setup.runsPerSeries()) {
            stopReason = StopReason.MAX_COUNT;
        }
    }

    /**
     * What the series has decided so far, as the verdict reads it: a copy that later runs do not change.
     *
     * @return the decision
     */
    public SeriesDecision decision() {
        // The sequel's stopping rule asks at every series end; predicting the runs left is a search.
        if (stoppedDecision != null) {
            return stoppedDecision;
        }
        Map<KpiSpec, SequentialOutcome> outcomes = new LinkedHashMap<>();
        for (KpiSpec kpi : kpis.keySet()) {
            outcomes.put(kpi, new SequentialOutcome(step(kpi), stopReason, runs, setup.runsPerSeries(), runsLeft(kpi),
                    fallbackConfidence(kpi)));
        }
        SeriesDecision decision = new SeriesDecision(runs, stopReason, outcomes);
        if (stopped()) {
            stoppedDecision = decision;
        }
        return decision;
    }

    /** Whether the series has stopped. */
    public boolean stopped() {
        return stopReason != null;
    }

    /** Why the series stopped, or {@code null} while it runs. */
    public StopReason stopReason() {
        return stopReason;
    }

    /** Runs added so far: the stopping run once stopped. */
    public int runs() {
        return runs;
    }

    /**
     * The state of one KPI after the runs so far.
     *
     * @param kpi one of the setup's KPIs
     * @return its step
     */
    public SequentialStep step(KpiSpec kpi) {
        return kpis.get(kpi).current();
    }

    /**
     * The confidence of the fixed-N KPI that judges one KPI when the series reaches
     * {@code maxCount} undecided ({@link SequentialKpi#fallbackConfidence()}): stricter than the
     * KPI's, so that the looks at every run and this last look together keep its confidence.
     *
     * @param kpi one of the setup's KPIs
     * @return the confidence in percent, NaN before the first valid run
     */
    public double fallbackConfidence(KpiSpec kpi) {
        return kpis.get(kpi).fallbackConfidence();
    }

    /**
     * The runs one KPI still needs, predicted from the runs so far ({@link SequentialKpi#predictRunsLeft()}).
     *
     * @param kpi one of the setup's KPIs
     * @return the runs left, empty when unknown
     */
    public OptionalInt runsLeft(KpiSpec kpi) {
        return kpis.get(kpi).predictRunsLeft();
    }

    /**
     * The progress of every KPI, for the run's progress line: {@code "delay P95 ≤ [41.2, 63] ms,
     * ~12 runs left"}, or {@code "delay P95 decided pass"}.
     *
     * @return the text, without leading separator
     */
    public String progress() {
        StringBuilder text = new StringBuilder();
        int left = 0;
        boolean known = true;
        for (Map.Entry<KpiSpec, SequentialKpi> entry : kpis.entrySet()) {
            KpiSpec kpi = entry.getKey();
            SequentialStep step = entry.getValue().current();
            text.append(text.length() == 0 ? "" : " · ").append(kpi.metric().name()).append(" P")
                    .append(Format.number(kpi.percentile())).append(" in ").append(interval(kpi, step));
            if (step.decision() != Decision.UNDECIDED) {
                text.append(" decided ").append(step.decision() == Decision.PASS ? "pass" : "fail");
            } else if (step.precisionReached()) {
                text.append(" precise");
            } else {
                OptionalInt runsLeft = entry.getValue().predictRunsLeft();
                known &= runsLeft.isPresent();
                left = Math.max(left, runsLeft.orElse(0));
            }
        }
        if (stopReason != null) {
            text.append(" · stopped: ").append(describe(stopReason));
        } else {
            // A prediction needs 2 runs; after that, none means beyond any reasonable number of runs.
            int max = setup.runsPerSeries() - runs;
            left = Math.max(left, Math.max(1, setup.runs().sized() - runs));
            text.append(" · ").append(runs < 2 ? "runs left unknown yet" : known && left < max
                    ? countdown(left, max) : "not predicted to decide by maxCount");
        }
        return text.toString();
    }

    /**
     * A stable countdown: the run count promised for a decision holds until it is reached (the
     * count goes down by one a run, even when the prediction jitters earlier), moves later only
     * when the prediction does, and once reached without a decision (a broken promise) the next
     * one is at least 2, 4, 8 ... runs away and says how many earlier ones were too short: the
     * prediction reads the runs so far as the distribution, which a few runs misjudge, so it never
     * repeats a promise that just failed.
     */
    private String countdown(int predicted, int max) {
        if (countedAt != runs) {
            countedAt = runs;
            int target = runs + Math.max(1, predicted);
            if (promisedBy < 0) {
                promisedBy = target;
            } else if (runs >= promisedBy) {
                brokenPromises++;
                promisedBy = Math.max(target, runs + (1 << Math.min(brokenPromises, 20)));
            } else {
                promisedBy = Math.max(promisedBy, target);
            }
        }
        int left = promisedBy - runs;
        if (left >= max) {
            return "not predicted to decide by maxCount";
        }
        return "~" + left + (left == 1 ? " run left" : " runs left") + (brokenPromises == 0 ? ""
                : " (" + brokenPromises + (brokenPromises == 1 ? " earlier prediction was" : " earlier predictions were")
                + " too short)");
    }

    /** {@code "[41.2, 63] ms"}, with {@code -∞}/{@code ∞} for an undefined end. */
    public static String interval(KpiSpec kpi, SequentialStep step) {
        String unit = kpi.metric().unit();
        return "[" + end(step.lower()) + ", " + end(step.upper()) + "]" + (unit.isEmpty() ? "" : " " + unit);
    }

    private static String end(double value) {
        return Double.isInfinite(value) ? (value > 0 ? "∞" : "-∞") : Format.number(value);
    }

    /** The stopping reason in words. */
    static String describe(StopReason reason) {
        return switch (reason) {
            case DECIDED -> "every KPI decided";
            case PRECISION -> "every KPI decided or precise";
            case MAX_COUNT -> "maxCount reached";
        };
    }
}
