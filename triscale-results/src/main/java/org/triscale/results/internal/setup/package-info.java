/**
 * A test as it was declared and configured: its runs, series, metrics, KPIs, scores, settings,
 * the regression gate's settings and the machine it runs on. Read by the extension from the
 * annotations, by the merge from partial results.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.setup;
