/**
 * What people see of TriScale results: the verdict's table of numbers, the launch summary and the
 * Markdown summary (printed and written by a JUnit Platform {@code TestExecutionListener}
 * registered through service loading), and the self-contained HTML report with its charts as
 * inline SVG. Everything here reads {@link org.triscale.results.internal.model.TestResult}, so the
 * command line renders stored results with the same code.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages (and the command line) can reach each other; it may change in any release
 * without notice. The API is the package {@code org.triscale.junit}.
 */
package org.triscale.junit.internal.report;
