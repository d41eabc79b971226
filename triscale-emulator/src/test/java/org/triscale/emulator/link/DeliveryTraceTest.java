package org.triscale.emulator.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryTraceTest {

    @Test
    void parsesMahimahiLinesAndRepeats() {
        DeliveryTrace t = DeliveryTrace.of("t", List.of("1", "1", "", "3", "4"));

        assertThat(t.opportunities()).isEqualTo(4);
        assertThat(t.periodMillis()).isEqualTo(4);
        assertThat(t.opportunityNanos(0)).isEqualTo(1_000_000L);
        assertThat(t.opportunityNanos(1)).isEqualTo(1_000_000L);
        assertThat(t.opportunityNanos(4)).isEqualTo(5_000_000L);
        // Four 1,500-byte packets every 4 ms: 12 Mbit/s.
        assertThat(t.meanBitsPerSecond()).isCloseTo(12e6, within(1e-6));
    }

    @Test
    void rejectsMalformedTraces() {
        assertThatThrownBy(() -> DeliveryTrace.of("bad", List.of("1", "x"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 2").hasMessageContaining("'x'");
        assertThatThrownBy(() -> DeliveryTrace.of("bad", List.of("5", "3"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("goes back");
        assertThatThrownBy(() -> DeliveryTrace.of("bad", List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("after 0 ms");
    }
}
