/**
 * Programmatic access to a sequel's analysis, outside the {@code @Runs} lifecycle: run a body per
 * series and run from a plain {@code @Test} ({@link org.triscale.junit.sequel.Sequel#run}), or
 * wrap run metrics measured elsewhere ({@link org.triscale.junit.sequel.Sequel#of}); then read
 * the series KPIs with their checks, the variability score, and compare two sequels paired or
 * unpaired. Every statistic is the engine's ({@code org.triscale.engine.analysis} and
 * {@code org.triscale.engine.comparison}); {@code org.triscale.junit.assertions} asserts on them.
 */
package org.triscale.junit.sequel;
