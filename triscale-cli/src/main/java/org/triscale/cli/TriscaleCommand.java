package org.triscale.cli;

/**
 * Entry point of the {@code triscale} command.
 *
 * <p>TODO(cli): picocli commands in progress.
 */
public final class TriscaleCommand {
    private TriscaleCommand() {
    }

    /**
     * Runs the command.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        System.out.println("triscale: commands in progress");
    }
}
