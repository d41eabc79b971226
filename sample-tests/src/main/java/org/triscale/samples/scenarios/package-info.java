/**
 * Scenarios the sample regression suite shares: the TriScale case study's long path, scaled so
 * that a run takes milliseconds, and what a test measures on it beyond what the emulator's
 * {@link org.triscale.emulator.Trace} already holds.
 */
package org.triscale.samples.scenarios;
