/**
 * The statistics of the regression gate: is a new sequel worse than a baseline, beyond an
 * allowance? A one-sided Wilcoxon–Mann–Whitney rank-sum test (Wilcoxon 1945; Mann &amp; Whitney
 * 1947) with its exact permutation distribution, on series medians by default
 * ({@link org.triscale.engine.baseline.RegressionGate}), with the KPI change and the baseline's
 * variability score reported for context. Pure: no JUnit, no files.
 */
package org.triscale.engine.baseline;
