package org.triscale.samples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs a launch of a sample that fails on purpose (a detection test asserts that it fails) and
 * prints what it printed with every line labelled "expected failure", so that the suite's log
 * shows no FAILED verdict table that reads like a failure of the build. The sample suite runs its
 * classes one at a time (no parallel execution in its junit-platform.properties), so standard
 * output is the launch's alone while it is captured.
 */
final class ExpectedFailures {
    static final String LABEL = "[expected failure] ";

    private ExpectedFailures() {
    }

    static EngineExecutionResults execute(EngineTestKit.Builder launch) {
        PrintStream console = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        try {
            return launch.execute();
        } finally {
            System.setOut(console);
            capture.close();
            for (String line : captured.toString(StandardCharsets.UTF_8).split("\\R")) {
                if (!line.isEmpty()) {
                    console.println(LABEL + line);
                }
            }
        }
    }
}
