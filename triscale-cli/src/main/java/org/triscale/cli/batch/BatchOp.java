package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One operation of the batch protocol: from a request to the response's output fields. */
@FunctionalInterface
public interface BatchOp {
    /**
     * Runs the operation.
     *
     * @param request the request
     * @return the outputs, without the id
     * @throws IllegalArgumentException if the request is invalid
     */
    ObjectNode apply(BatchRequest request);
}
