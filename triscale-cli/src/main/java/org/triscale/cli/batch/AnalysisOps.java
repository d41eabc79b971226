package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetrics;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;

import java.util.Map;

/**
 * TriScale's analysis functions: {@code analysis_metric}, {@code analysis_kpi},
 * {@code analysis_variability}.
 */
final class AnalysisOps {
    private AnalysisOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("analysis_metric", AnalysisOps::metric);
        ops.put("analysis_kpi", AnalysisOps::kpi);
        ops.put("analysis_variability", AnalysisOps::variability);
    }

    private static ObjectNode metric(BatchRequest request) {
        double[] x = request.values("x");
        double[] y = request.values("y");
        return Responses.metric(RunMetrics.compute(x, y, measure(request), request.rangeOrNull("bounds"),
                convergence(request)));
    }

    private static ObjectNode kpi(BatchRequest request) {
        double[] data = request.values("data");
        return Responses.kpi(Kpis.kpi(data, request.number("percentile"), request.number("confidence"),
                side(request), request.rangeOrNull("bounds"), request.mode()));
    }

    private static ObjectNode variability(BatchRequest request) {
        double[] data = request.values("data");
        IntervalKind kind = request.flag("joint", false) ? IntervalKind.JOINT : IntervalKind.TWO_SIDED;
        return Responses.variability(VariabilityScores.score(data, request.number("percentile"),
                request.number("confidence"), kind, request.rangeOrNull("bounds"), request.mode()));
    }

    /** A number is a percentile; a string is parsed as TriScale writes it (mean, minimum, ...). */
    private static Measure measure(BatchRequest request) {
        JsonNode measure = request.raw("measure");
        if (measure == null) {
            throw new IllegalArgumentException("missing field 'measure'");
        }
        if (measure.isNumber()) {
            return Measure.percentile(measure.doubleValue());
        }
        if (measure.isTextual()) {
            return Measure.parse(measure.textValue());
        }
        throw new IllegalArgumentException("field 'measure' must be a percentile or \"mean\", \"minimum\", \"maximum\", got "
                + BatchRequest.describe(measure));
    }

    /** TriScale's convergence dictionary: null or {"expected": false} means no test. */
    private static ConvergenceSpec convergence(BatchRequest request) {
        JsonNode spec = request.raw("convergence");
        if (spec == null || spec.isNull()) {
            return null;
        }
        if (!spec.isObject()) {
            throw new IllegalArgumentException("field 'convergence' must be null or {\"expected\": true|false, "
                    + "\"confidence\"?, \"tolerance\"?}, got " + BatchRequest.describe(spec));
        }
        BatchRequest fields = new BatchRequest((ObjectNode) spec);
        if (!fields.flag("expected", false)) {
            return null;
        }
        return new ConvergenceSpec(fields.number("confidence", ConvergenceSpec.DEFAULT.confidence()),
                fields.number("tolerance", ConvergenceSpec.DEFAULT.tolerance()));
    }

    private static Side side(BatchRequest request) {
        if (!request.has("bound")) {
            return null;
        }
        String bound = request.text("bound");
        switch (bound) {
            case "lower": return Side.LOWER;
            case "upper": return Side.UPPER;
            default:
                throw new IllegalArgumentException("field 'bound' must be \"lower\", \"upper\" or null, got \"" + bound + "\"");
        }
    }
}
