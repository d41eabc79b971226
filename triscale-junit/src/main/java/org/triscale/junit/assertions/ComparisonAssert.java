package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.WritableAssertionInfo;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.results.internal.common.Format;
import org.triscale.junit.internal.lifecycle.ComparisonShards;
import org.triscale.results.internal.launch.LaunchEnd;
import org.triscale.junit.sequel.Sequel;

/**
 * The second half of {@link MetricAssert#isWorseThan} and {@link MetricAssert#isNotWorseThan}:
 * the margin, and the check.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class ComparisonAssert extends AbstractAssert<ComparisonAssert, Sequel> {
    private final Sequel reference;
    private final String metric;
    private final ComparisonSettings settings;
    private final boolean worse;

    ComparisonAssert(Sequel actual, Sequel reference, String metric, ComparisonSettings settings, boolean worse,
                     WritableAssertionInfo info) {
        super(actual, ComparisonAssert.class);
        if (reference == null) {
            throw new IllegalArgumentException("the reference sequel must not be null");
        }
        this.reference = reference;
        this.metric = metric;
        this.settings = settings;
        this.worse = worse;
        this.info.description(info.description());
    }

    /**
     * Verifies that the metric is worse than the reference's by at least {@code fraction}: the
     * interval's bound on the good side is strictly beyond it (an end exactly on the fraction, as
     * ties of count metrics give, does not exclude it; with {@code byAtLeast(0)} this keeps a false
     * "worse" at most α on tied data too). Only after
     * {@link MetricAssert#isWorseThan}.
     *
     * @param fraction the smallest change that counts, ≥ 0 (0.10 for 10 %)
     * @return this
     * @throws IllegalStateException after {@link MetricAssert#isNotWorseThan}
     * @throws IllegalArgumentException if the fraction is negative, NaN or infinite
     */
    public ComparisonAssert byAtLeast(double fraction) {
        if (!worse) {
            throw new IllegalStateException("byAtLeast follows isWorseThan; after isNotWorseThan use withTolerance");
        }
        finiteFraction(fraction, "byAtLeast", "a worsening of at least 0 (0.10 for 10 %); to claim an improvement,"
                + " compare the other way: assertThat(reference).metric(...).isWorseThan(actual)");
        SequelChange change = compare(fraction);
        String expected = "Expected " + metric + " of '" + actual.name() + "' to be worse than '" + reference.name()
                + "' by at least " + Format.percent(fraction) + ", but ";
        double[] bad = badInterval(change);
        String failure = null;
        if (Double.isNaN(change.change().estimate())) {
            failure = expected + "cannot tell: " + change.reason() + " (" + design(change) + ").";
        } else if (bad[1] < fraction) {
            failure = expected + "it is not: change " + interval(change) + "; the interval excludes"
                    + " a worsening of " + Format.percent(fraction) + " or more.";
        } else if (bad[0] <= fraction) {
            // Strict: on tied data (counts) the interval's end often lies exactly on 0, and "at least
            // 0" would then pass on no change 4 % of the time; a worsening must be shown beyond it.
            failure = expected + "cannot tell: change " + interval(change) + "; "
                    + (bad[0] == fraction ? "the interval reaches " + Format.percent(fraction) + " but does not"
                    + " exclude it; " : "") + Messages.detects(change) + ".";
        }
        return conclude(change, "worse by at least " + Format.percent(fraction), failure);
    }

    /**
     * Verifies that the metric is worse than the reference's by no more than {@code fraction}: the
     * interval's bound on the bad side is within it. Only after {@link MetricAssert#isNotWorseThan}.
     *
     * @param fraction the worsening that does not matter, ≥ 0 (0.05 for 5 %)
     * @return this
     * @throws IllegalStateException after {@link MetricAssert#isWorseThan}
     * @throws IllegalArgumentException if the fraction is negative, NaN or infinite
     */
    public ComparisonAssert withTolerance(double fraction) {
        if (worse) {
            throw new IllegalStateException("withTolerance follows isNotWorseThan; after isWorseThan use byAtLeast");
        }
        finiteFraction(fraction, "withTolerance", "a worsening that does not matter, at least 0 (0.05 for 5 %; 0 for"
                + " no worsening at all)");
        SequelChange change = compare(fraction);
        String expected = "Expected " + metric + " of '" + actual.name() + "' to be not worse than '"
                + reference.name() + "' beyond a tolerance of " + Format.percent(fraction) + ", but ";
        double[] bad = badInterval(change);
        String failure = null;
        if (Double.isNaN(change.change().estimate())) {
            failure = expected + "cannot tell: " + change.reason() + " (" + design(change) + ").";
        } else if (bad[0] > fraction) {
            failure = expected + "it is worse: change " + interval(change) + "; the whole interval is"
                    + " a worsening beyond " + Format.percent(fraction) + ".";
        } else if (bad[1] > fraction) {
            failure = expected + "cannot tell: change " + interval(change) + "; " + Messages.detects(change) + ".";
        }
        return conclude(change, "not worse beyond " + Format.percent(fraction), failure);
    }

    /**
     * Refuses a NaN, negative or infinite fraction before comparing: a negative one would turn the
     * claim around silently, an infinite one make it always fail or always pass.
     */
    private static void finiteFraction(double fraction, String assertion, String valid) {
        if (Double.isNaN(fraction) || fraction < 0 || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException(assertion + "(" + fraction + "): the fraction must be a finite number"
                    + " >= 0, " + valid);
        }
    }

    /**
     * Records the comparison for the launch's summaries and report, passing or failing, then
     * fails with the message when there is one.
     */
    private ComparisonAssert conclude(SequelChange change, String claim, String failure) {
        ComparisonShards.here(); // under triscale.shard, one shard records it
        LaunchEnd.record(new LaunchEnd.Compared(metric, actual.name(), reference.name(), claim,
                change.relative(change.change().estimate()), change.relative(change.change().lower()),
                change.relative(change.change().upper()), change.change().confidence() * 100, design(change), failure));
        if (failure != null) {
            failWithMessage("%s", failure);
        }
        return this;
    }

    private SequelChange compare(double fraction) {
        return actual.compare(metric, reference, settings.withTolerance(Tolerance.relative(fraction)));
    }

    /** The interval as relative worsening {least, most}: positive is worse in either direction. */
    private double[] badInterval(SequelChange change) {
        double lower = change.relative(change.change().lower());
        double upper = change.relative(change.change().upper());
        return settings.direction() == Direction.LOWER_IS_BETTER ? new double[] {lower, upper}
                : new double[] {-upper, -lower};
    }

    private String interval(SequelChange change) {
        return Messages.change(change, actual.name(), reference.name(), actual.comparesRunsWith(reference));
    }

    private String design(SequelChange change) {
        return Messages.design(change, actual.name(), reference.name(), actual.comparesRunsWith(reference));
    }
}
