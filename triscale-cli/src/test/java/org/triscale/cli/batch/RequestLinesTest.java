package org.triscale.cli.batch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Bounded request lines: the terminators of readLine, lines across buffer ends, the limit. */
class RequestLinesTest {

    private static List<RequestLines.Line> read(String input, int limit) throws IOException {
        RequestLines lines = new RequestLines(new StringReader(input), limit);
        List<RequestLines.Line> out = new ArrayList<>();
        for (RequestLines.Line line = lines.next(); line != null; line = lines.next()) {
            out.add(line);
        }
        return out;
    }

    @Test
    void endsLinesAsReadLineDoes() throws IOException {
        assertThat(read("a\nb\r\nc\rd", 10)).extracting(RequestLines.Line::text).containsExactly("a", "b", "c", "d");
        assertThat(read("a\r\n", 10)).extracting(RequestLines.Line::text).containsExactly("a");
        assertThat(read("\n\n", 10)).extracting(RequestLines.Line::text).containsExactly("", "");
        assertThat(read("", 10)).isEmpty();
    }

    @Test
    void longLinesAcrossBuffersAreKeptUpToTheLimitAndCountedBeyondIt() throws IOException {
        String within = "x".repeat(20_000);
        String beyond = "y".repeat(20_001);
        List<RequestLines.Line> lines = read(within + "\r" + "\n" + beyond + "\n" + "z", 20_000);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).text()).isEqualTo(within);
        assertThat(lines.get(1).tooLong()).isTrue();
        assertThat(lines.get(1).length()).isEqualTo(20_001);
        assertThat(lines.get(1).number()).isEqualTo(2);
        assertThat(lines.get(2).text()).isEqualTo("z");
    }
}
