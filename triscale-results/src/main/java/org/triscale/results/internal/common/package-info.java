/**
 * What every other package uses: number formatting, file names, atomic writes, the project
 * folder and the limits on stored text. Depends on nothing of this module.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.common;
