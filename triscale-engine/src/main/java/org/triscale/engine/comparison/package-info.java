/**
 * Comparing two sequels of one metric: a build against its baseline, or one algorithm against
 * another. Paired (runs matched by seed) or unpaired; exact rank tests with mid-ranks (Wilcoxon
 * 1945; Mann &amp; Whitney 1947; Pratt 1959), Hodges–Lehmann (1963) estimates with their exact
 * intervals, equivalence by two one-sided tests (Schuirmann 1987) and the minimum detectable
 * change of the design ({@link org.triscale.engine.comparison.SequelComparison}). Pure: no JUnit,
 * no files.
 */
package org.triscale.engine.comparison;
