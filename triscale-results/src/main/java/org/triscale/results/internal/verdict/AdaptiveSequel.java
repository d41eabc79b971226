package org.triscale.results.internal.verdict;

import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialScore;
import org.triscale.engine.sequential.SequentialScoreStep;
import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.TestSetup;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sequel of a test with adaptive series ({@code @Series(adaptive = true)}): an anytime-valid
 * variability score per {@code @VariabilityScore} ({@link SequentialScore}), updated with the KPI
 * of every series that ends, and the stopping rule. From the sized number of series on, the sequel
 * stops when every score is decided; at the latest at {@code maxCount} series. Each score's bounds
 * hold at every series at once, so stopping on them keeps the score's confidence.
 */
public final class AdaptiveSequel {
    private final TestSetup setup;
    private final Map<ScoreSpec, SequentialScore> scores = new LinkedHashMap<>();
    private int series;
    private StopReason stopReason;

    /**
     * Starts the scores of a sequel. Each pair's boundaries are tuned for a quarter of
     * {@code maxCount}, but not below the series the score is sized for, as for adaptive runs.
     *
     * @param setup the setup of a test with adaptive series
     */
    public AdaptiveSequel(TestSetup setup) {
        this.setup = setup;
        for (ScoreSpec score : setup.scores()) {
            scores.put(score, start(score.percentile(), score.confidence(), score.kind(), score.atMost(),
                    score.relativeAtMost(), score.neededSeries(), setup.seriesCount()));
        }
    }

    /**
     * The anytime-valid score of one {@code @VariabilityScore} of a sequel, tuned as described at
     * {@link #AdaptiveSequel(TestSetup)}. The report replays it from a result's series KPIs.
     *
     * @param percentile     the score's percentile
     * @param confidence     the score's confidence in percent
     * @param kind           how the ends are sized
     * @param atMost         threshold on the score, NaN for none
     * @param relativeAtMost threshold on the relative score (a fraction), NaN for none
     * @param neededSeries   the series the fixed-N score needs
     * @param maxCount       the most series
     * @return the score, with no series yet
     */
    public static SequentialScore start(double percentile, double confidence, IntervalKind kind, double atMost,
                                        double relativeAtMost, int neededSeries, int maxCount) {
        return SequentialScore.start(percentile, confidence, kind, atMost, relativeAtMost,
                Math.max(neededSeries, maxCount / 4));
    }

    /**
     * Adds a series that ended: its KPI (NaN when undefined) updates every score, then the
     * stopping rule is applied.
     *
     * @param state  the test's runs
     * @param series the series that ended, the next in order
     */
    public void add(RecordedSequel state, int series) {
        this.series = series;
        for (Map.Entry<ScoreSpec, SequentialScore> score : scores.entrySet()) {
            score.getValue().add(VerdictAnalysis.seriesKpi(state, score.getKey().kpi(), series).value());
        }
        if (stopReason != null || series < setup.series().sized()) {
            return;
        }
        if (scores.values().stream().allMatch(score -> score.current().decision() != Decision.UNDECIDED)) {
            stopReason = StopReason.DECIDED;
        } else if (series >= setup.seriesCount()) {
            stopReason = StopReason.MAX_COUNT;
        }
    }

    /**
     * What the sequel has decided so far, as the verdict reads it: a copy that later series do not change.
     *
     * @return the decision
     */
    public SequelDecision decision() {
        Map<ScoreSpec, SequentialScoreOutcome> outcomes = new LinkedHashMap<>();
        for (ScoreSpec score : scores.keySet()) {
            outcomes.put(score, new SequentialScoreOutcome(step(score), stopReason, series, setup.seriesCount(),
                    fallbackConfidence(score)));
        }
        return new SequelDecision(series, stopReason, outcomes);
    }

    /** Whether the sequel has stopped: no further series starts. */
    public boolean stopped() {
        return stopReason != null;
    }

    /** Why the sequel stopped, or {@code null} while it runs. */
    public StopReason stopReason() {
        return stopReason;
    }

    /** Series ended so far: the stopping series once stopped. */
    public int series() {
        return series;
    }

    /**
     * The state of one score after the series so far.
     *
     * @param score one of the setup's scores
     * @return its step
     */
    public SequentialScoreStep step(ScoreSpec score) {
        return scores.get(score).current();
    }

    /**
     * The confidence of each end of the fixed-N score that judges a score still undecided at
     * {@code maxCount} ({@link SequentialScore#fallbackConfidence()}).
     *
     * @param score one of the setup's scores
     * @return the confidence in percent, NaN without a defined series KPI
     */
    public double fallbackConfidence(ScoreSpec score) {
        return scores.get(score).fallbackConfidence();
    }

    /**
     * The progress of every score after a series, for the progress line:
     * {@code "sequel after series 6 of max 20 · score of delay ≤ 4.1 ms decided pass"}.
     *
     * @return the text
     */
    public String progress() {
        StringBuilder text = new StringBuilder("sequel after series ").append(series).append(" of max ")
                .append(setup.seriesCount());
        for (Map.Entry<ScoreSpec, SequentialScore> entry : scores.entrySet()) {
            SequentialScoreStep step = entry.getValue().current();
            text.append(" · score of ").append(entry.getKey().metric().name()).append(' ')
                    .append(Double.isFinite(step.score()) ? "≤ " + entry.getKey().metric().format(step.score())
                            : "not bounded yet");
            if (step.decision() != Decision.UNDECIDED) {
                text.append(" decided ").append(step.decision() == Decision.PASS ? "pass" : "fail");
            }
        }
        if (stopReason != null) {
            text.append(" · stopped: ").append(stopReason == StopReason.DECIDED
                    ? "every score decided" : "maxCount reached");
        }
        return text.toString();
    }
}
