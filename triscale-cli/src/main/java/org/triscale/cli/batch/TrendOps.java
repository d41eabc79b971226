package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.Mode;
import org.triscale.engine.independence.AutocorrelationTest;
import org.triscale.engine.independence.LjungBoxTest;
import org.triscale.engine.trend.ConvergenceTest;

import java.util.Map;

/** Checks on a series of values: {@code convergence_test}, {@code independence_test}. */
final class TrendOps {
    /** False-alarm rate of the {@code SOUND} independence check. */
    static final double SOUND_ALPHA = 0.05;

    private TrendOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("convergence_test", TrendOps::convergence);
        ops.put("independence_test", TrendOps::independence);
    }

    private static ObjectNode convergence(BatchRequest request) {
        double[] x = request.values("x");
        double[] y = request.values("y");
        return Responses.convergence(ConvergenceTest.test(x, y, request.rangeOrNull("y_bounds"),
                request.number("confidence"), request.number("tolerance")));
    }

    private static ObjectNode independence(BatchRequest request) {
        double[] data = request.values("data");
        return Responses.independence(request.mode() == Mode.SOUND
                ? LjungBoxTest.test(data, SOUND_ALPHA)
                : AutocorrelationTest.test(data));
    }
}
