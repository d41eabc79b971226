/**
 * Writes what the judge decided: the baseline of an update, the gate's history line, the
 * per-series Surefire reports, the gate's Markdown summary and the JSON result, in that order, and
 * returns the conclusion with the problems of the files that could not be written; and the
 * Surefire XML report of a verdict computed outside JUnit ({@code triscale merge}). Every file a
 * verdict writes is written here; {@code results.internal.mapping} only maps.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.files;
