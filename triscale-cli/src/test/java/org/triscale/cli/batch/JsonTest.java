package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    @Test
    void nanAndAbsentIndicesAreWrittenAsNull() {
        ObjectNode node = Json.object();
        Json.putNumber(node, "kpi", Double.NaN);
        Json.putIndex(node, "lower_index", OptionalInt.empty());
        Json.putIndex(node, "upper_index", OptionalInt.of(9));
        assertThat(Json.write(node)).isEqualTo("{\"kpi\":null,\"lower_index\":null,\"upper_index\":9}");
    }

    @Test
    void doublesRoundTripExactlyWithTheShortestDecimal() throws Exception {
        // 2.0E-3 and 1.0E23 are printed with extra digits by Double.toString before JDK 19.
        assertThat(Json.write(Json.putNumber(Json.object(), "v", 2.0E-3))).isEqualTo("{\"v\":0.002}");
        assertThat(Json.write(Json.putNumber(Json.object(), "v", 1.0E23))).isEqualTo("{\"v\":1.0E23}");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        for (int i = 0; i < 20_000; i++) {
            double value = Double.longBitsToDouble(rng.nextLong());
            if (!Double.isFinite(value)) {
                continue;
            }
            String text = Json.write(Json.putNumber(Json.object(), "v", value));
            assertThat(Json.MAPPER.readTree(text).get("v").doubleValue()).isEqualTo(value);
        }
    }
}
