/**
 * The regression gate's files: baseline files ({@link org.triscale.junit.baseline.BaselineFiles}),
 * the history store ({@link org.triscale.junit.baseline.HistoryStore}), the records they hold
 * ({@link org.triscale.junit.baseline.SequelRecord}) and the resolution of annotation paths inside
 * the project ({@link org.triscale.junit.baseline.ProjectPaths}). The statistics are in
 * {@code org.triscale.engine.baseline}.
 */
package org.triscale.junit.baseline;
