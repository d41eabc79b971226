/**
 * Numbers as text for people: the one formatter behind the extension's messages and the command
 * line's summaries, so that both print a value the same way. Machine output (JSON) keeps every
 * digit and does not use it.
 */
package org.triscale.engine.format;
