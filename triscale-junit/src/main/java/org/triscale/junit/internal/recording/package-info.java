/**
 * What a run records: the {@code RunContext} behind the test method's
 * parameter, its sample buffers, the run records and their statuses, and the run metric values
 * computed from them.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.junit.internal.recording;
