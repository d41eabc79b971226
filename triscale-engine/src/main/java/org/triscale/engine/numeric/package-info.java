/**
 * Numeric building blocks shared by the engine's packages: floating-point summation that matches
 * numpy bit for bit, binomial probabilities accurate enough to reproduce the reference
 * TriScale's order-statistic indices, the dropping of NaN values, and the bisection of the
 * run-count searches.
 *
 * <p><b>Not API.</b> Public only so that the engine's packages (and the project's own modules)
 * can reach it; it may change in any release without notice. The engine's API is the rest of
 * {@code org.triscale.engine}.
 */
package org.triscale.engine.numeric;
