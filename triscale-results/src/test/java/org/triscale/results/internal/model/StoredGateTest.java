package org.triscale.results.internal.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.Metrics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The gate a shard's partial result keeps: its JSON keeps its bytes, and it restores the gate the
 * shard ran. The texts are what {@link StoredGate} wrote when its policies were strings.
 */
class StoredGateTest {
    private static final ObjectMapper MAPPER = JsonResults.mapper();

    /** Policies fail and warn, a relative tolerance, runs compared, paired on runs. */
    static final String STRICT = "{\"metrics\":[{\"metric\":\"fct\",\"direction\":\"LOWER_IS_BETTER\",\"kpiPercentile\":75.0,"
            + "\"kpiConfidence\":75.0,\"kpiSide\":\"UPPER\",\"scorePercentile\":75.0,"
            + "\"scoreConfidence\":75.0}],\"tolerance\":{\"kind\":\"RELATIVE\",\"value\":0.05},"
            + "\"unit\":\"RUNS\",\"alpha\":0.01,\"file\":\"src/test/resources/b.json\","
            + "\"defaultFile\":false,\"fromHistory\":3,\"scenario\":\"s\",\"tags\":{\"rig\":\"a\"},"
            + "\"ignored\":[\"cpus\"],\"missing\":\"FAIL\",\"inconclusive\":\"WARN\",\"strict\":true,"
            + "\"paired\":\"RUNS\"}";

    /** Policies record and fail, the default tolerance, series compared, no paired test (older shards). */
    static final String DEFAULTS = "{\"metrics\":[],\"tolerance\":{\"kind\":\"SCORE\",\"value\":0.01},\"unit\":\"SERIES\","
            + "\"alpha\":0.01,\"file\":\"b.json\",\"defaultFile\":true,\"fromHistory\":0,"
            + "\"scenario\":\"\",\"tags\":{},\"ignored\":[],\"missing\":\"RECORD\",\"inconclusive\":\"FAIL\","
            + "\"strict\":false,\"paired\":null}";

    @Test
    void readsAndWritesBackByteForByte() throws IOException {
        for (String json : List.of(STRICT, DEFAULTS)) {
            assertThat(MAPPER.writeValueAsString(MAPPER.readValue(json, StoredGate.class))).isEqualTo(json);
        }
    }

    /** A policy outside its type names the field and the valid values when the partial result is read. */
    @Test
    void anUnknownPolicyIsRefusedWithTheValidOnes() {
        assertThatThrownBy(() -> MAPPER.readValue(STRICT.replace("\"WARN\"", "\"IGNORE\""), StoredGate.class))
                .isInstanceOf(InvalidFormatException.class)
                .hasMessageContainingAll("IGNORE", "not one of the values accepted", "[FAIL, WARN]", "inconclusive");
    }

    @Test
    void restoresThePoliciesTheShardRan() throws IOException {
        Path module = Path.of("module").toAbsolutePath();
        Metrics declared = new Metrics(List.of(new MetricSpec("fct", Measure.percentile(95), "ms", null, false,
                true)));

        GateSpec strict = MAPPER.readValue(STRICT, StoredGate.class).restore(declared, module.resolve("b.json"),
                module.resolve("h.jsonl"), module);
        GateSpec defaults = MAPPER.readValue(DEFAULTS, StoredGate.class).restore(declared, module.resolve("b.json"),
                module.resolve("h.jsonl"), module);

        assertThat(strict.policies()).isEqualTo(new GateSpec.Policies(false, false, GateSpec.MissingPolicy.FAIL,
                GateSpec.InconclusivePolicy.WARN, true));
        assertThat(strict.comparison().paired()).isEqualTo(PairedTest.RUNS);
        assertThat(strict.files().fromHistory()).isEqualTo(3);
        assertThat(strict.metrics()).extracting(gated -> gated.metric().name()).containsExactly("fct");
        assertThat(defaults.policies()).isEqualTo(new GateSpec.Policies(false, false, GateSpec.MissingPolicy.RECORD,
                GateSpec.InconclusivePolicy.FAIL, false));
        assertThat(defaults.comparison().paired()).isEqualTo(PairedTest.AUTO);
        // Written before the launch variation: per-run pairs were the declaration of independence.
        assertThat(strict.comparison().independent()).isTrue();
        assertThat(defaults.comparison().independent()).isFalse();
        assertThat(defaults.comparison().launchShift()).isEqualTo(LaunchVariation.DEFAULT_LAUNCH_SHIFT);
        // Written now: both kept.
        GateSpec now = new GateSpec(defaults.metrics(), new GateSpec.Comparison(defaults.comparison().tolerance(),
                defaults.comparison().unit(), 0.01, PairedTest.AUTO, false, 0.005), defaults.files(),
                defaults.fingerprint(), defaults.policies());
        GateSpec back = MAPPER.readValue(MAPPER.writeValueAsString(StoredGate.of(now, "org.example.T", "m")),
                StoredGate.class).restore(declared, module.resolve("b.json"), module.resolve("h.jsonl"), module);
        assertThat(back.comparison().launchShift()).isEqualTo(0.005);
        assertThat(back.comparison().independent()).isFalse();
    }
}
