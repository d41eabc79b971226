/**
 * The JSON result of a TriScale test method ({@link org.triscale.junit.result.TestResult}), its
 * writer and reader, and atomic file writing.
 */
package org.triscale.junit.result;
