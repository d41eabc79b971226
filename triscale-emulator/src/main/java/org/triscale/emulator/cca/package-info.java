/**
 * Congestion-control algorithms for the emulator's TCP senders: the
 * {@link org.triscale.emulator.cca.CongestionControl} hooks, the view of the connection
 * they get ({@link org.triscale.emulator.cca.Connection}), the built-in NewReno, CUBIC,
 * Vegas, BBR v1 and DCTCP, and {@link org.triscale.emulator.cca.Cca} to name them or plug
 * in variants.
 */
package org.triscale.emulator.cca;
