/**
 * Checks that the modules' own tests share, so that each module states a rule in one line
 * ({@link org.triscale.testsupport.PackageCycles},
 * {@link org.triscale.testsupport.ApiMarkers}). Used at test scope only; not published.
 */
package org.triscale.testsupport;
