/**
 * The extension's lifecycle behind {@link org.triscale.junit.Runs}: the extension class, the lazy
 * run and verdict invocations, the per-method state, seeds and progress lines.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.junit.internal.lifecycle;
