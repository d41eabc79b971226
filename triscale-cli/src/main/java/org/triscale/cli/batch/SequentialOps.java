package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialKpi;
import org.triscale.engine.sequential.SequentialSpec;
import org.triscale.engine.sequential.SequentialStep;

import java.util.List;
import java.util.Map;

/**
 * Anytime-valid KPIs: {@code sequential_kpi}, the confidence sequence of a percentile after each
 * prefix of the values, and with a threshold the first prefix at which the assertion is decided.
 */
final class SequentialOps {
    private SequentialOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("sequential_kpi", SequentialOps::sequentialKpi);
    }

    private static ObjectNode sequentialKpi(BatchRequest request) {
        double[] values = request.values("values");
        Side side = side(request.text("side"));
        SequentialSpec spec = SequentialSpec.of(request.number("percentile"), request.number("confidence"), side);
        boolean withThreshold = request.has("threshold");
        if (withThreshold) {
            spec = spec.withThreshold(request.number("threshold"));
        }
        List<SequentialStep> steps = SequentialKpi.replay(spec, values);
        ObjectNode node = Json.object();
        ArrayNode lower = node.putArray("lower");
        ArrayNode upper = node.putArray("upper");
        Integer decidedAt = null;
        for (int i = 0; i < steps.size(); i++) {
            SequentialStep step = steps.get(i);
            addBound(lower, side == Side.LOWER ? step.lower() : Double.NaN);
            addBound(upper, side == Side.UPPER ? step.upper() : Double.NaN);
            if (decidedAt == null && step.decision() != Decision.UNDECIDED) {
                decidedAt = i + 1;
            }
        }
        if (withThreshold) {
            if (decidedAt == null) {
                node.putNull("decidedAt");
                node.putNull("outcome");
            } else {
                node.put("decidedAt", decidedAt);
                node.put("outcome", steps.get(decidedAt - 1).decision() == Decision.PASS ? "pass" : "fail");
            }
        }
        return node;
    }

    /** A bound, or {@code null} when undefined (infinite) or not on the requested side (NaN). */
    private static void addBound(ArrayNode array, double bound) {
        if (Double.isFinite(bound)) {
            array.add(bound);
        } else {
            array.addNull();
        }
    }

    private static Side side(String side) {
        switch (side) {
            case "upper": return Side.UPPER;
            case "lower": return Side.LOWER;
            default:
                throw new IllegalArgumentException("field 'side' must be \"upper\" (the percentile is at most the"
                        + " threshold) or \"lower\" (at least), got \"" + side + "\"");
        }
    }
}
