/**
 * The JSON model, as docs/results-format.md describes it: a test's result, a shard's partial
 * result and the gate's stored settings, with their reader, writer and checks. A new JSON field
 * goes into these records (and the schema version when readers must know).
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.results.internal} is public only so that
 * the results library and the JUnit extension can share it; it may change in any release without
 * notice. The API is the package {@code org.triscale.results}.
 */
package org.triscale.results.internal.model;
