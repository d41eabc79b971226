/**
 * TriScale for JUnit: statistically sound performance tests for JUnit Jupiter.
 *
 * <p>Annotate a test method with {@link org.triscale.junit.Runs} (how many runs per series),
 * {@link org.triscale.junit.Series} (how many series), {@link org.triscale.junit.Metric} (how a
 * run's samples become one value), optionally {@link org.triscale.junit.ConvergenceRequired}, and
 * the assertions {@link org.triscale.junit.Kpi} and {@link org.triscale.junit.VariabilityScore}.
 * The method receives a {@link org.triscale.junit.RunContext} to record its samples. The
 * extension repeats the method, then a last invocation named {@code verdict} checks every KPI in
 * every series and every variability score (TriScale methodology, Jacob et al. 2021).
 * {@link org.triscale.junit.Baseline} adds the regression gate: each execution is compared with a
 * committed baseline and fails when a gated metric regressed.
 */
package org.triscale.junit;
