package org.triscale.results.internal.model;

/** Where a run stands. */
public enum RunStatus {
    /** Generated but not (yet) executed in this launch. */
    NOT_RUN,
    /** Executing. */
    RUNNING,
    /** Completed; its metrics are valid. */
    PASSED,
    /** The run threw (or recorded no usable sample of a metric): its invocation failed. */
    FAILED,
    /** A metric did not converge: the invocation was aborted and the run is excluded. */
    NOT_CONVERGED,
    /** The run aborted itself (a failed assumption): excluded. */
    ABORTED;

    /** Whether the run's metrics enter the KPIs. */
    public boolean valid() {
        return this == PASSED;
    }
}
