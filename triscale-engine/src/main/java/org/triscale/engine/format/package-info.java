/**
 * Numbers as text for people: the one formatter behind the extension's messages and the command
 * line's summaries, so that both print a value the same way. Machine output (JSON) keeps every
 * digit and does not use it.
 *
 * <p><b>Not API.</b> Public only so that the project's own modules share it; it may change in any
 * release without notice.
 */
package org.triscale.engine.format;
