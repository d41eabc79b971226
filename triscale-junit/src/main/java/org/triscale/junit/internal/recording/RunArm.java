package org.triscale.junit.internal.recording;

/**
 * The arm of a run of an interleaved gate ({@code @Baseline(interleaved = true)}): the API's
 * {@code Baseline.Arm}, which the extension's internal packages do not name, so that they do not
 * depend on the API package that depends on them.
 */
public enum RunArm {
    /** The baseline's code. */
    REFERENCE,
    /** The code under test. */
    CANDIDATE
}
