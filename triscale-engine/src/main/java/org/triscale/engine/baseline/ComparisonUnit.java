package org.triscale.engine.baseline;

import org.apiguardian.api.API;

/**
 * What the gate's rank test treats as its exchangeable observations.
 *
 * <p>Under {@link #SERIES} each series contributes one value, the median of its valid run
 * metrics, and the test is exact when the series (not the runs) are exchangeable: runs within a
 * series may share conditions (a machine, a time of day), which is TriScale's own assumption.
 * Under {@link #RUNS} every valid run metric is an observation: more power, but exact only when
 * all runs of both sequels are exchangeable (an emulator driven by seeds); when series differ from
 * each other, its false-alarm rate exceeds α (see {@code docs/regression-gate.md}).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum ComparisonUnit {
    /** One observation per series: the median of its valid run metrics. The default. */
    SERIES,
    /** One observation per valid run. */
    RUNS
}
