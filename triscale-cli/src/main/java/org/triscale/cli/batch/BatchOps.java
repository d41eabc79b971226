package org.triscale.cli.batch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The registry of batch operations: op name → {@link BatchOp}, grouped by concern. */
public final class BatchOps {
    private final Map<String, BatchOp> ops;

    private BatchOps(Map<String, BatchOp> ops) {
        this.ops = Collections.unmodifiableMap(ops);
    }

    /**
     * Returns the operations of the protocol: the seven of the reference vectors plus
     * {@code harm}, {@code jain}, {@code fct_summary} and {@code network_profiling}.
     *
     * @return the registry
     */
    public static BatchOps standard() {
        Map<String, BatchOp> ops = new LinkedHashMap<>();
        BoundOps.registerInto(ops);
        TrendOps.registerInto(ops);
        AnalysisOps.registerInto(ops);
        NetworkOps.registerInto(ops);
        SequentialOps.registerInto(ops);
        return new BatchOps(ops);
    }

    /**
     * Finds an operation.
     *
     * @param name the op name
     * @return the operation, empty when unknown
     */
    public Optional<BatchOp> find(String name) {
        return Optional.ofNullable(ops.get(name));
    }

    /**
     * Returns the known op names, in registration order.
     *
     * @return the names
     */
    public Set<String> names() {
        return ops.keySet();
    }
}
