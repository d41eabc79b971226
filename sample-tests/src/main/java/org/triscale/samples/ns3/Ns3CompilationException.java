package org.triscale.samples.ns3;

import java.util.List;

/** The scenario did not compile against the installed ns-3: a failure, never a skip. */
public final class Ns3CompilationException extends Ns3Exception {
    private static final long serialVersionUID = 1L;

    private final List<String> command;
    private final String compilerOutput;

    Ns3CompilationException(String problem, List<String> command, String compilerOutput) {
        super(problem + "\ncommand: " + String.join(" ", command) + "\ncompiler output:\n" + compilerOutput);
        this.command = List.copyOf(command);
        this.compilerOutput = compilerOutput;
    }

    /**
     * The compiler command line that failed.
     *
     * @return the command and its arguments
     */
    public List<String> command() {
        return command;
    }

    /**
     * What the compiler printed (standard output and error), possibly shortened.
     *
     * @return the compiler's messages
     */
    public String compilerOutput() {
        return compilerOutput;
    }
}
