/**
 * From the verdict to the JSON model: {@code ResultMapper} maps a judged sequel to the
 * {@code TestResult} that is written later. Nothing here writes a file; every file a verdict
 * writes is written by {@code results.internal.files}.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.mapping;
