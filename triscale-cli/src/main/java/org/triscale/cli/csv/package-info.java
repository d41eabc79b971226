/**
 * Streaming reader of numeric CSV columns into primitive arrays (a byte-level scanner with a
 * correctly rounded double parser): optional header, empty or {@code nan} cells as NaN, errors naming the
 * file, the line and the column.
 */
package org.triscale.cli.csv;
