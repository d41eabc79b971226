/**
 * What a test method writes: the JSON result and its reader, per-series Surefire XML reports,
 * atomic file writing and number formatting.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.results.internal.output;
