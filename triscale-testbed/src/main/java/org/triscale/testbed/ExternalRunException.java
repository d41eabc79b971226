package org.triscale.testbed;

import org.apiguardian.api.API;

import java.util.Optional;

/**
 * An external run that failed: it could not start, exceeded its timeout, or ended with an exit
 * code its policy does not accept. The message names the command, the run folder and ends with the
 * last lines of standard error and output.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ExternalRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ExternalRun.Result result;

    ExternalRunException(String message, ExternalRun.Result result, Throwable cause) {
        super(message, cause);
        this.result = result;
    }

    /**
     * Returns the run's result, with its output files and their tails; empty when the program did
     * not start.
     *
     * @return the result
     */
    public Optional<ExternalRun.Result> result() {
        return Optional.ofNullable(result);
    }
}
