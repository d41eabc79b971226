package org.triscale.testbed.linux;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The receiver's intervals on the 100 ms grid: a delayed receiver does not lift the mean. */
class TcpFlowsGridTest {

    @Test
    void aNormalIntervalTakesTheStepOfItsEnd() {
        Map<Double, Double> flow = new TreeMap<>();
        TcpFlows.putOnGrid(flow, 0.003, 0.103, 19.0);
        TcpFlows.putOnGrid(flow, 0.103, 0.204, 18.0);
        assertThat(flow).isEqualTo(Map.of(0.1, 19.0, 0.2, 18.0)); // Map.of has no order: compare as maps
    }

    @Test
    void aLongIntervalCoversEveryStepItSpansSoTheMeanStaysAMeanOverTime() {
        // 20 Mbit/s arrive throughout; the receiver sleeps 300 ms, reads 60 ms of it, then the
        // backlog of 240 ms in the next 100 ms.
        Map<Double, Double> flow = new TreeMap<>();
        TcpFlows.putOnGrid(flow, 0.0, 0.1, 20.0);
        TcpFlows.putOnGrid(flow, 0.1, 0.4, 20.0 * 0.06 / 0.3);
        TcpFlows.putOnGrid(flow, 0.4, 0.5, 20.0 * 0.34 / 0.1);
        TcpFlows.putOnGrid(flow, 0.5, 0.6, 20.0);
        assertThat(flow).containsOnlyKeys(0.1, 0.2, 0.3, 0.4, 0.5, 0.6);
        double mean = flow.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertThat(mean).isCloseTo(20.0, within(1e-9));
    }
}
