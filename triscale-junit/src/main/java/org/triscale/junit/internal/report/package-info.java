/**
 * The launch summary, the Markdown summary and the HTML report of a launch, written by a JUnit
 * Platform {@code TestExecutionListener} registered through service loading; the rendering is
 * the results library's ({@code org.triscale.results.internal.report}).
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release
 * without notice. The API is the package {@code org.triscale.junit}.
 */
package org.triscale.junit.internal.report;
