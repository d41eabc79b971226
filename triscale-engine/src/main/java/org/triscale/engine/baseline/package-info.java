/**
 * The statistics of the regression gate: is a new sequel worse than its baseline, beyond the
 * tolerance? Paired on the baseline's seeds or unpaired, by
 * {@link org.triscale.engine.comparison.SequelComparison}; with TriScale's KPIs and the baseline's
 * variability score reported for context ({@link org.triscale.engine.baseline.RegressionGate}).
 * Pure: no JUnit, no files.
 */
package org.triscale.engine.baseline;
