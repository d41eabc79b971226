/**
 * The regression gate behind {@link org.triscale.junit.Baseline}: reading its settings, baseline
 * files, the history store, the comparison and its messages and Markdown summary.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.results.internal.gate;
