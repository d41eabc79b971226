/**
 * AssertJ assertions on TriScale's statistics: KPIs and variability scores of a
 * {@link org.triscale.junit.sequel.Sequel}, comparisons of two sequels with confidence (paired or
 * unpaired, "cannot tell" when the data cannot tell), and harm with its interval. Start from
 * {@link org.triscale.junit.assertions.TriscaleAssertions#assertThat}.
 */
package org.triscale.junit.assertions;
