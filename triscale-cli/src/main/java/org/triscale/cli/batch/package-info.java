/**
 * The batch protocol: one JSON request per line in, one JSON response per line out, in order.
 * A request is {@code {"id", "op", ...}} with the inputs of one reference case; the response is
 * {@code {"id", ...}} with the outputs under the reference names, or {@code {"id", "error"}}.
 * {@link org.triscale.cli.batch.BatchOps} maps each op to the engine; {@link
 * org.triscale.cli.batch.Responses} names the outputs (shared with the commands' {@code --json}).
 */
package org.triscale.cli.batch;
