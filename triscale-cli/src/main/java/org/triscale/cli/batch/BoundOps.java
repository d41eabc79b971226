package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.sizing.Sizing;

import java.util.Map;

/** Sizing and order-statistic bounds: {@code experiment_sizing}, {@code thompson_ci}. */
final class BoundOps {
    private BoundOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("experiment_sizing", BoundOps::sizing);
        ops.put("thompson_ci", BoundOps::thompson);
    }

    private static ObjectNode sizing(BatchRequest request) {
        double percentile = request.number("percentile");
        double confidence = request.number("confidence");
        int robustness = request.has("robustness") ? request.integer("robustness") : 0;
        return Responses.sizing(Sizing.oneSided(percentile, confidence, robustness),
                Sizing.twoSided(percentile, confidence, robustness));
    }

    private static ObjectNode thompson(BatchRequest request) {
        int n = request.integer("n");
        double percentile = request.number("percentile");
        double confidence = request.number("confidence");
        return Responses.interval(ThompsonBounds.indices(n, percentile, confidence, kind(request.text("ci_class"))));
    }

    private static IntervalKind kind(String ciClass) {
        switch (ciClass) {
            case "one-sided": return IntervalKind.ONE_SIDED;
            case "two-sided": return IntervalKind.TWO_SIDED;
            case "joint": return IntervalKind.JOINT;
            default:
                throw new IllegalArgumentException("field 'ci_class' must be \"one-sided\", \"two-sided\" or \"joint\", got \""
                        + ciClass + "\"");
        }
    }
}
