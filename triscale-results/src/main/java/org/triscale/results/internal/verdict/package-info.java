/**
 * The verdict: analysis of the runs (KPIs, variability scores, checks), the outcome of each
 * assertion and the verdict's messages.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.results.internal.verdict;
