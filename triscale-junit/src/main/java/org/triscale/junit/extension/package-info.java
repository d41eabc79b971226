/**
 * The Jupiter extension behind {@link org.triscale.junit.Runs}: configuration, lazy invocations,
 * run recording, the verdict's analysis and messages. Only
 * {@link org.triscale.junit.extension.TriscaleExtension} is public, for the annotation's
 * {@code @ExtendWith}.
 */
package org.triscale.junit.extension;
