package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.network.Better;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;
import org.triscale.engine.network.JainIndex;

import java.util.Map;

/** Network helpers: {@code harm}, {@code jain}, {@code fct_summary}. */
final class NetworkOps {
    private NetworkOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("harm", NetworkOps::harm);
        ops.put("jain", request -> Responses.jain(JainIndex.of(request.values("values"))));
        ops.put("fct_summary", request -> Responses.fctSummary(FctSummary.of(request.values("fcts"))));
    }

    private static ObjectNode harm(BatchRequest request) {
        double alone = request.number("alone");
        double with = request.number("with");
        return Responses.harm(Harm.of(alone, with, Better.parse(request.text("better"))));
    }
}
