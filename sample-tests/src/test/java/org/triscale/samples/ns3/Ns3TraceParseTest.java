package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Ns3TraceParseTest {
    private static final String SUMMARY = "summary sim_time_s=2.000000 bottleneck_mbps=50.000000 tx_bytes=1000"
            + " utilisation=0.900000 drops=3 marks=0 device_drops=0 flows=3 fct_flows=2 completed=1"
            + " qdelay_samples=2 queue=fifo buffer_pkts=100 ecn_k=0";

    private static final String OUTPUT = String.join("\n",
            "# triscale ns-3 dumbbell, output format 1",
            "# rateMbps=50 ...",
            "qdelay 0.095987 0.000000",
            "tput 1.000000 all 10.5",
            "tput 1.000000 0 4.5",
            "qdelay 1.5 2.25",
            "tput 2.000000 all 20.25",
            "tput 2.000000 0 8.0",
            "",
            "flow 0 Cubic 0.090987 -1 -1.000000 bulk 40.000000 5000",
            "flow 1 Bbr 0.5 65536 0.250000 fct 20.000000 65536",
            "flow 2 Cubic 1.5 2097152 -1.000000 fct 20.000000 1000",
            SUMMARY, "");

    @Test
    void readsEveryRecord() {
        Ns3Trace trace = Ns3Trace.parse(OUTPUT);

        assertThat(trace.throughput().times()).containsExactly(1.0, 2.0);
        assertThat(trace.throughput().values()).containsExactly(10.5, 20.25);
        assertThat(trace.throughput(0).values()).containsExactly(4.5, 8.0);
        assertThat(trace.flowThroughput()).containsOnlyKeys(0);
        assertThat(trace.queueDelayMs().times()).containsExactly(0.095987, 1.5);
        assertThat(trace.queueDelayMs().values()).containsExactly(0.0, 2.25);

        assertThat(trace.flows()).hasSize(3);
        Ns3Flow bulk = trace.flow(0);
        assertThat(bulk.kind()).isEqualTo(FlowKind.BULK);
        assertThat(bulk.cca()).isEqualTo(Cca.CUBIC);
        assertThat(bulk.sizeBytes()).isEqualTo(-1);
        assertThat(bulk.completed()).isFalse();
        assertThat(bulk.receivedBytes()).isEqualTo(5000);
        assertThat(bulk.rttMs()).isEqualTo(40.0);

        Ns3Flow done = trace.flow(1);
        assertThat(done.cca()).isEqualTo(Cca.BBR);
        assertThat(done.completed()).isTrue();
        assertThat(done.fct()).hasValue(0.25);
        assertThat(done.startSeconds()).isEqualTo(0.5);
        assertThat(trace.flow(2).fct()).isEmpty();

        assertThat(trace.fctFlows()).extracting(Ns3Flow::id).containsExactly(1, 2);
        assertThat(trace.completionTimes()).containsExactly(0.25);
        assertThat(trace.completionRatio()).isCloseTo(0.5, within(1e-12));

        Ns3Summary summary = trace.summary();
        assertThat(summary.simulatedSeconds()).isEqualTo(2.0);
        assertThat(summary.bottleneckMbps()).isEqualTo(50.0);
        assertThat(summary.bottleneckTxBytes()).isEqualTo(1000);
        assertThat(summary.utilisation()).isEqualTo(0.9);
        assertThat(summary.drops()).isEqualTo(3);
        assertThat(summary.flows()).isEqualTo(3);
        assertThat(summary.fctFlows()).isEqualTo(2);
        assertThat(summary.completedFlows()).isEqualTo(1);
        assertThat(summary.queue()).isEqualTo("fifo");
        assertThat(summary.bufferPackets()).isEqualTo(100);
    }

    @Test
    void parsingTheSameTextTwiceGivesEqualTraces() {
        assertThat(Ns3Trace.parse(OUTPUT)).isEqualTo(Ns3Trace.parse(OUTPUT));
        assertThat(Ns3Trace.parse(OUTPUT)).isNotEqualTo(Ns3Trace.parse(OUTPUT.replace("10.5", "10.6")));
    }

    @Test
    void returnedArraysAndCollectionsCannotChangeTheTrace() {
        Ns3Trace trace = Ns3Trace.parse(OUTPUT);
        trace.throughput().values()[0] = -1;
        assertThat(trace.throughput().value(0)).isEqualTo(10.5);
        assertThatThrownBy(() -> trace.flows().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> trace.flowThroughput().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void unknownFlowOrSeriesIsReportedWithTheValidIds() {
        Ns3Trace trace = Ns3Trace.parse(OUTPUT);
        assertThatThrownBy(() -> trace.flow(7)).isInstanceOf(NoSuchElementException.class).hasMessageContaining("0..2");
        assertThatThrownBy(() -> trace.throughput(1)).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("[0]");
    }

    @Test
    void completionRatioWithoutFctFlowsIsNaN() {
        String bulkOnly = "flow 0 Cubic 0.1 -1 -1 bulk 40 5000\n" + SUMMARY.replace("flows=3 fct_flows=2 completed=1",
                "flows=1 fct_flows=0 completed=0");
        assertThat(Ns3Trace.parse(bulkOnly).completionRatio()).isNaN();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown record      | hello 1 2                               | unknown record 'hello'",
        "short tput          | tput 1.0 all                            | expected 4 fields",
        "bad number          | tput 1.0 all fast                       | throughput must be a finite number",
        "infinite number     | qdelay 1.0 inf                          | delay must be a finite number",
        "bad flow id         | tput 1.0 x 3                            | flow id must be an integer",
        "bad kind            | flow 3 Cubic 0.1 100 -1 long 20 0       | flow kind must be bulk or fct",
        "bad cca             | flow 3 Foo 0.1 100 -1 fct 20 0          | unknown CCA name 'Foo'",
        "inconsistent flow   | flow 3 Cubic 0.1 100 -1 bulk 20 0       | a bulk flow has size -1",
        "time going back     | tput 0.5 all 3                          | goes back",
    })
    void malformedLinesAreReportedWithTheirNumber(String name, String line, String problem) {
        String text = String.join("\n", "tput 1.0 all 2.0", "qdelay 1.0 0.5", line, SUMMARY);
        assertThatThrownBy(() -> Ns3Trace.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 3").hasMessageContaining(problem);
    }

    @Test
    void outputWithoutSummaryIsReportedAsCutOff() {
        String text = OUTPUT.substring(0, OUTPUT.indexOf("summary"));
        assertThatThrownBy(() -> Ns3Trace.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without its summary line");
    }

    @Test
    void summaryMustBeLastAndComplete() {
        assertThatThrownBy(() -> Ns3Trace.parse(OUTPUT + "tput 3.0 all 1\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nothing may follow");
        assertThatThrownBy(() -> Ns3Trace.parse(OUTPUT.replace(" marks=0", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lacks 'marks='");
        assertThatThrownBy(() -> Ns3Trace.parse(OUTPUT.replace("completed=1", "completed=5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inconsistent summary");
    }

    @Test
    void flowCountMustMatchTheSummary() {
        String text = OUTPUT.replace("flow 2 Cubic 1.5 2097152 -1.000000 fct 20.000000 1000\n", "");
        assertThatThrownBy(() -> Ns3Trace.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 flow lines").hasMessageContaining("3 flows");
    }

    @Test
    void timeSeriesSliceKeepsSamplesInTheHalfOpenWindow() {
        TimeSeries series = TimeSeries.of(new double[] {0.1, 0.2, 0.3, 0.4}, new double[] {1, 2, 3, 4});
        assertThat(series.between(0.2, 0.4).values()).containsExactly(2, 3);
        assertThat(series.between(5, 6).size()).isZero();
        assertThat(series.between(0.3, 0.1).size()).isZero();
        assertThatThrownBy(() -> TimeSeries.of(new double[] {2, 1}, new double[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-decreasing");
        assertThatThrownBy(() -> TimeSeries.of(new double[] {1}, new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same length");
    }
}
