/**
 * The verdict on recorded runs: {@link org.triscale.results.internal.verdict.RecordedSequel} (the
 * value the extension or the merge hands over), the analysis of KPIs, variability scores and checks,
 * the stopping rules of adaptive runs, the outcome of each assertion and the verdict's messages.
 * A new verdict line goes into {@code VerdictMessages}.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.verdict;
