/** Surefire-format XML reports, one per series of a TriScale test method. */
package org.triscale.junit.report;
