/**
 * Numeric building blocks shared by the engine's packages: floating-point summation that matches
 * numpy bit for bit, binomial probabilities accurate enough to reproduce the reference
 * TriScale's order-statistic indices, and the dropping of NaN values. Not part of the user-facing API; kept public only because
 * several engine packages use them.
 */
package org.triscale.engine.numeric;
