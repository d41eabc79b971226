package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Linux test bed's long-flow series is a goodput, and says so under its precise name. */
class TcpFlowsResultTest {

    @Test
    void goodputIsTheAcknowledgedPayloadSeries() {
        TcpFlows.Result result = new TcpFlows.Result(Map.of(0, Map.of(0.1, 19.2, 0.2, 19.4)), Map.of(0, List.of(90.0)),
                Map.of(), 0.5, 20);

        assertThat(result.goodputMbps()).isEqualTo(result.throughputMbps()).containsOnlyKeys(0);
        assertThat(result.goodputMbps().get(0)).containsEntry(0.1, 19.2).containsEntry(0.2, 19.4);
        assertThat(result.meanTotalMbps()).isEqualTo(19.3, org.assertj.core.api.Assertions.within(1e-9));
    }
}
