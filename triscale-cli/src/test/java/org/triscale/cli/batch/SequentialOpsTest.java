package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialKpi;
import org.triscale.engine.sequential.SequentialSpec;
import org.triscale.engine.sequential.SequentialStep;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SequentialOpsTest {
    private final BatchProcessor processor = new BatchProcessor(BatchOps.standard());

    private JsonNode answer(String line) throws IOException {
        return Json.MAPPER.readTree(processor.answer(line));
    }

    @Test
    void upperSideGivesTheUpperSequenceAndNullsTheLowerSide() throws IOException {
        double[] values = {5, 3, 8, 1, 9, 2, 7, 4, 6, 10};
        JsonNode response = answer("{\"id\": 1, \"op\": \"sequential_kpi\", \"values\": [5, 3, 8, 1, 9, 2, 7, 4, 6, 10],"
                + " \"percentile\": 75, \"confidence\": 75, \"side\": \"upper\"}");
        assertThat(response.fieldNames()).toIterable().containsExactly("id", "lower", "upper");
        List<SequentialStep> steps = SequentialKpi.replay(SequentialSpec.of(75, 75, Side.UPPER), values);
        assertThat(response.get("upper")).hasSize(values.length);
        assertThat(response.get("lower")).hasSize(values.length);
        for (int i = 0; i < values.length; i++) {
            assertThat(response.get("lower").get(i).isNull()).isTrue();
            double upper = steps.get(i).upper();
            if (Double.isInfinite(upper)) {
                assertThat(response.get("upper").get(i).isNull()).as("prefix %d", i + 1).isTrue();
            } else {
                assertThat(response.get("upper").get(i).doubleValue()).isEqualTo(upper);
            }
        }
        // one value: undefined; ten values: defined
        assertThat(response.get("upper").get(0).isNull()).isTrue();
        assertThat(response.get("upper").get(9).isNull()).isFalse();
    }

    @Test
    void thresholdGivesTheDecidingPrefixAndTheOutcome() throws IOException {
        StringBuilder values = new StringBuilder();
        double[] raw = new double[40];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = 10 + i % 7;
            values.append(i == 0 ? "" : ", ").append(raw[i]);
        }
        JsonNode pass = answer("{\"id\": 2, \"op\": \"sequential_kpi\", \"values\": [" + values
                + "], \"percentile\": 75, \"confidence\": 75, \"side\": \"upper\", \"threshold\": 30}");
        List<SequentialStep> steps = SequentialKpi.replay(SequentialSpec.of(75, 75, Side.UPPER).withThreshold(30), raw);
        int expected = 1;
        while (steps.get(expected - 1).decision() == Decision.UNDECIDED) {
            expected++;
        }
        assertThat(pass.get("decidedAt").intValue()).isEqualTo(expected);
        assertThat(pass.get("outcome").textValue()).isEqualTo("pass");
        assertThat(pass.get("upper").get(expected - 1).doubleValue()).isLessThanOrEqualTo(30);

        JsonNode fail = answer("{\"id\": 3, \"op\": \"sequential_kpi\", \"values\": [" + values
                + "], \"percentile\": 75, \"confidence\": 75, \"side\": \"lower\", \"threshold\": 30}");
        assertThat(fail.get("outcome").textValue()).isEqualTo("fail");
        assertThat(fail.get("upper").get(0).isNull()).isTrue();

        JsonNode open = answer("{\"id\": 4, \"op\": \"sequential_kpi\", \"values\": [10, 11],"
                + " \"percentile\": 75, \"confidence\": 75, \"side\": \"upper\", \"threshold\": 30}");
        assertThat(open.get("decidedAt").isNull()).isTrue();
        assertThat(open.get("outcome").isNull()).isTrue();
    }

    @Test
    void nullValuesAreDroppedButKeepTheirPrefixEntry() throws IOException {
        JsonNode response = answer("{\"id\": 5, \"op\": \"sequential_kpi\", \"values\": [1, null, 2],"
                + " \"percentile\": 50, \"confidence\": 75, \"side\": \"lower\"}");
        assertThat(response.get("lower")).hasSize(3);
        assertThat(response.get("upper")).hasSize(3);
    }

    @Test
    void badRequestsNameTheField() throws IOException {
        assertThat(answer("{\"id\": 6, \"op\": \"sequential_kpi\", \"values\": [1], \"percentile\": 75,"
                + " \"confidence\": 75, \"side\": \"up\"}").get("error").textValue())
                .contains("'side'").contains("\"upper\"").contains("\"up\"");
        assertThat(answer("{\"id\": 7, \"op\": \"sequential_kpi\", \"values\": [1], \"percentile\": 75,"
                + " \"confidence\": 30, \"side\": \"upper\"}").get("error").textValue())
                .contains("confidence").contains("(50, 100)");
        assertThat(answer("{\"id\": 8, \"op\": \"sequential_kpi\", \"percentile\": 75,"
                + " \"confidence\": 75, \"side\": \"upper\"}").get("error").textValue()).contains("'values'");
        assertThat(answer("{\"id\": 9, \"op\": \"sequential_kpi\", \"values\": [1], \"percentile\": 75,"
                + " \"confidence\": 75, \"side\": \"upper\", \"threshold\": \"x\"}").get("error").textValue())
                .contains("'threshold'");
    }
}
