/**
 * The regression gate behind {@code @Baseline}: baseline files, the history store, the
 * comparison of a sequel with its baseline, its messages and Markdown summary.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.gate;
