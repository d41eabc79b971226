package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.WritableAssertionInfo;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.results.internal.common.Format;
import org.triscale.junit.sequel.Percentile;
import org.triscale.junit.sequel.Sequel;

/**
 * Assertions on a sequel's variability score, as {@link org.triscale.junit.VariabilityScore}
 * checks it: the width of TriScale's two-sided interval of a percentile pair of the series KPIs.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class ScoreAssert extends AbstractAssert<ScoreAssert, Sequel> {
    private final String metric;
    private final Percentile kpi;
    private final double percentile;
    private final double confidence;

    ScoreAssert(Sequel actual, String metric, Percentile kpi, double percentile, double confidence,
                WritableAssertionInfo info) {
        super(actual, ScoreAssert.class);
        this.metric = metric;
        this.kpi = kpi;
        this.percentile = percentile;
        this.confidence = confidence;
        this.info.description(info.description());
    }

    /**
     * Verifies that the score is at most {@code limit}, in the metric's unit.
     *
     * @param limit the largest acceptable score
     * @return this
     */
    public ScoreAssert isAtMost(double limit) {
        Messages.threshold(limit, "isAtMost");
        VariabilityResult score = defined();
        if (score.score() > limit) {
            failWithMessage("%s", expected("at most " + Format.number(limit)) + "it is " + Format.number(score.score())
                    + " (bounds " + Format.number(score.lowerValue()) + " and " + Format.number(score.upperValue())
                    + ").");
        }
        return this;
    }

    /**
     * Verifies that the score, relative to the midpoint of its bounds, is at most {@code fraction}.
     *
     * @param fraction the largest acceptable relative score, e.g. 0.05 for 5 %
     * @return this
     */
    public ScoreAssert isAtMostRelative(double fraction) {
        Messages.fraction(fraction, "isAtMostRelative");
        VariabilityResult score = defined();
        if (score.relativeScore() > fraction) {
            failWithMessage("%s", expected("at most " + Format.percent(fraction) + " of its midpoint") + "it is "
                    + Format.percent(score.relativeScore()) + " (score " + Format.number(score.score()) + ", bounds "
                    + Format.number(score.lowerValue()) + " and " + Format.number(score.upperValue()) + ").");
        }
        return this;
    }

    private VariabilityResult defined() {
        VariabilityResult score = actual.score(metric, kpi, percentile, confidence);
        if (!score.defined()) {
            failWithMessage("%s", expected("defined") + "it is undefined: " + score.values() + " series KPIs cannot"
                    + " bound the " + pair() + " percentiles at " + Format.number(confidence) + " % confidence; at"
                    + " least " + Messages.seriesNeeded(percentile, confidence) + " series are needed.");
        }
        return score;
    }

    private String expected(String what) {
        return "Expected the variability score of " + metric + " in sequel '" + actual.name() + "' (the " + pair()
                + " percentiles of the " + actual.seriesCount() + " series' " + kpi + " KPIs, at "
                + Format.number(confidence) + " % confidence) to be " + what + ", but ";
    }

    private String pair() {
        double low = Math.min(percentile, 100 - percentile);
        return Format.ordinal(low) + "–" + Format.ordinal(100 - low);
    }
}
