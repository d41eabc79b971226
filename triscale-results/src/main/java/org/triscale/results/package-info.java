/**
 * The results of TriScale tests, without JUnit: read and write a test's JSON result, render its
 * verdict table, write the HTML report of several results, merge the partial results of a sharded
 * sequel into verdicts, and write the Surefire report of a verdict. {@link org.triscale.results.Results}
 * is the entry point; the CLI ({@code triscale show}, {@code report}, {@code merge}) uses nothing else.
 *
 * <p>This package is the module's API. Its other packages ({@code org.triscale.results.internal.*})
 * are shared with the JUnit extension and may change in any release; an architecture test keeps
 * the CLI and the sample tests from importing them.
 *
 * @since 0.3.0
 */
package org.triscale.results;
