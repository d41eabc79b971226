/**
 * The judge: from a recorded sequel to its decision (analysis, gate, problems), reading only the
 * gate's baseline file and history and writing no file; {@code internal.files} writes what it
 * decided, and the extension reports the conclusion to JUnit, the merge to its user.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.judge;
