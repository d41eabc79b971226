/**
 * What people see of TriScale results: the verdict's table of numbers, the launch summary and
 * the self-contained HTML report with its charts as inline SVG. Everything here reads
 * {@link org.triscale.results.internal.model.TestResult}, so the extension and the command line
 * render results with the same code. A new chart goes into {@code Charts}.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.report;
