package org.triscale.samples.ns3;

/** ns-3 (or a C++ compiler) is not installed although the configuration requires it. */
public final class Ns3UnavailableException extends Ns3Exception {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is missing and how to install it
     */
    public Ns3UnavailableException(String message) {
        super(message);
    }
}
