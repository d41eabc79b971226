package org.triscale.samples.ns3;

/** Base of the ns-3 backend's failures: ns-3 missing, the scenario not compiling, a run failing. */
public class Ns3Exception extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what went wrong and what to do
     */
    public Ns3Exception(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what went wrong and what to do
     * @param cause   the underlying failure
     */
    public Ns3Exception(String message, Throwable cause) {
        super(message, cause);
    }
}
