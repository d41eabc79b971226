package org.triscale.samples.ns3;

/** A run failed: the simulator exited with an error, or its output could not be read. */
public final class Ns3RunException extends Ns3Exception {
    private static final long serialVersionUID = 1L;

    private final int exitCode;
    private final String errorOutput;

    Ns3RunException(String message, int exitCode, String errorOutput, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
        this.errorOutput = errorOutput;
    }

    /**
     * The simulator's exit status.
     *
     * @return the exit code, or -1 if the process did not exit by itself
     */
    public int exitCode() {
        return exitCode;
    }

    /**
     * What the simulator printed on standard error, possibly shortened.
     *
     * @return the error output
     */
    public String errorOutput() {
        return errorOutput;
    }
}
