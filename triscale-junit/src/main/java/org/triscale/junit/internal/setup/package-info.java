/**
 * Reading a test method's annotations and the {@code triscale.*} configuration parameters into a
 * validated test setup; every annotation attribute is read here.
 *
 * <p><b>Not API.</b> Everything under {@code org.triscale.junit.internal} is public only so that the
 * extension's packages can reach each other; it may change in any release without notice. The
 * API is the package {@code org.triscale.junit}.
 */
package org.triscale.junit.internal.setup;
