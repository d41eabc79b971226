package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.network.Better;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;
import org.triscale.engine.network.JainIndex;
import org.triscale.engine.network.NetworkProfile;
import org.triscale.engine.network.NetworkProfiling;

import java.util.Map;

/** Network helpers: {@code harm}, {@code jain}, {@code fct_summary}, {@code network_profiling}. */
final class NetworkOps {
    private NetworkOps() {
    }

    static void registerInto(Map<String, BatchOp> ops) {
        ops.put("harm", NetworkOps::harm);
        ops.put("jain", request -> Responses.jain(JainIndex.of(request.values("values"))));
        ops.put("fct_summary", request -> Responses.fctSummary(FctSummary.of(request.values("fcts"))));
        ops.put("network_profiling", NetworkOps::profiling);
    }

    /**
     * TriScale's {@code network_profiling}: {@code link_quality} (null = missing), optional
     * {@code link_quality_bounds} and {@code mode}; the response has the fields of the Python's
     * outputs (the reference cases' {@code expected}) and the seasonal periods and guidance.
     */
    private static ObjectNode profiling(BatchRequest request) {
        NetworkProfile profile = NetworkProfiling.profile(request.values("link_quality"),
                request.rangeOrNull("link_quality_bounds"), request.mode());
        ObjectNode node = Responses.convergence(profile.convergence());
        node.put("independent", profile.independence().passed());
        Json.putNumber(node, "largest_autocorrelation", profile.independence().statistic());
        Json.putNumber(node, "band", profile.band());
        node.put("iid", profile.iid());
        var r = node.putArray("autocorrelation");
        profile.autocorrelation().forEach(r::add);
        var periods = node.putArray("seasonal_periods");
        profile.seasonalPeriods().forEach(periods::add);
        node.put("guidance", profile.guidance());
        return node;
    }

    private static ObjectNode harm(BatchRequest request) {
        double alone = request.number("alone");
        double with = request.number("with");
        return Responses.harm(Harm.of(alone, with, Better.parse(request.text("better"))));
    }
}
