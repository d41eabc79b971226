/**
 * Network helpers for congestion-control tests: summaries of flow completion times
 * ({@link org.triscale.engine.network.FctSummary}), the harm a competing flow does
 * ({@link org.triscale.engine.network.Harm}, Ware et al. 2019) and Jain's fairness index
 * ({@link org.triscale.engine.network.JainIndex}, Jain et al. 1984).
 *
 * <p>These are descriptive numbers of one run; the TriScale analysis (KPIs, variability scores)
 * then treats them as run metrics like any other. {@link org.triscale.engine.network.Harm#of(double[],
 * double[], double)} compares two samples of independent flow completion times instead and gives
 * each statistic's harm a distribution-free confidence interval;
 * {@link org.triscale.engine.network.Harm#ofRuns(double[][], double[][], double)} does so with the
 * run as the independent unit, for flows of one run that depend on each other.
 *
 * <p>{@link org.triscale.engine.network.NetworkProfiling} profiles a test bed before any run, as
 * TriScale does: is its link quality i.i.d., and which seasonal periods must a series span.
 */
package org.triscale.engine.network;
