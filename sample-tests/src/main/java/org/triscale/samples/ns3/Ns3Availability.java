package org.triscale.samples.ns3;

import java.util.Objects;
import java.util.Optional;

/**
 * Whether ns-3 can be used on this machine, and a message saying what was found or how to install
 * what is missing.
 *
 * @param installation the installation found, or empty
 * @param message      for an available installation, what was found; otherwise what is missing and how
 *                     to install it (e.g. {@code apt-get install libns3-dev g++})
 */
public record Ns3Availability(Optional<Ns3Installation> installation, String message) {

    /** How to install ns-3, for the messages. */
    static final String INSTALL_HINT = "Install ns-3 and a C++ compiler, e.g. 'sudo apt-get install libns3-dev g++'"
            + " on Debian/Ubuntu, or point -D" + Ns3.PREFIX_PROPERTY + "=<dir> at an ns-3 installation or build"
            + " directory (and -D" + Ns3.COMPILER_PROPERTY + "=<c++ compiler> if it is not g++ on the PATH).";

    /**
     * Checks the components.
     *
     * @throws NullPointerException if one is null
     */
    public Ns3Availability {
        Objects.requireNonNull(installation, "installation");
        Objects.requireNonNull(message, "message");
    }

    static Ns3Availability found(Ns3Installation installation) {
        return new Ns3Availability(Optional.of(installation), "ns-3 " + installation.version() + " found: headers in "
                + installation.includeDirectory() + ", libraries " + installation.libraryDirectory() + "/lib"
                + installation.libraryName("core") + ".so etc., compiler " + installation.compiler() + " ("
                + installation.compilerVersion() + ")");
    }

    static Ns3Availability missing(String what) {
        return new Ns3Availability(Optional.empty(), "ns-3 is not available: " + what + ". " + INSTALL_HINT);
    }

    /**
     * Whether ns-3 and a compiler were found.
     *
     * @return true if {@link #installation()} is present
     */
    public boolean available() {
        return installation.isPresent();
    }
}
