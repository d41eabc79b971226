package org.triscale.results.internal.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Why a series of an adaptive test ({@code @Runs(adaptive = true)}) or adaptive series
 * ({@code @Series(adaptive = true)}) stopped. Written in the JSON result as the text each constant
 * names ({@code decided}, {@code precision}, {@code maxCount}), as before the type existed.
 */
public enum StopReason {
    /** Every KPI (or score) was decided, pass or fail. */
    @JsonProperty("decided")
    DECIDED,
    /** Every KPI was decided or met the precision target, and at least one only the latter. */
    @JsonProperty("precision")
    PRECISION,
    /** The series (or the sequel) reached {@code maxCount} with a KPI or score still open. */
    @JsonProperty("maxCount")
    MAX_COUNT
}
