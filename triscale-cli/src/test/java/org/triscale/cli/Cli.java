package org.triscale.cli;

import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the command in-process with captured standard input, output and error. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        return runWithInput("", args);
    }

    static Cli runWithInput(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = TriscaleCommand.commandLine(
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Cli(exitCode, out.toString(), err.toString());
    }
}
