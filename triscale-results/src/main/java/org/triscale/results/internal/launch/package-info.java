/**
 * The library's side of the hand-off from the extension: what the extension asks of the library
 * at a test's verdict, as one call that returns immutable values, so that the extension does not
 * drive the judge, the files, the gate and the report one by one.
 *
 * <p><b>Not API.</b> Exported only to the extension's module; it may change in any release.
 */
package org.triscale.results.internal.launch;
