/**
 * What every package of the emulator shares, at the bottom of its package graph: the value types
 * {@link org.triscale.emulator.base.Rate} and {@link org.triscale.emulator.base.Ecn}, the wire
 * constants ({@link org.triscale.emulator.base.Wire}), the settings a flow and a workload have in
 * common ({@link org.triscale.emulator.base.FlowSettings}) and the argument checks
 * ({@link org.triscale.emulator.base.Check}). It depends on {@code cca} only, so the root package
 * (which assembles a scenario) and {@code link}, {@code queue}, {@code workload} (which the root
 * uses) can all depend on it without a cycle.
 */
package org.triscale.emulator.base;
