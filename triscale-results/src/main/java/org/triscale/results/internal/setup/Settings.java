package org.triscale.results.internal.setup;

import org.triscale.engine.Mode;

import java.nio.file.Path;

/**
 * Configuration parameters in force for one test method.
 *
 * @param mode              statistical mode ({@code triscale.mode})
 * @param checks            resolved checks policy, {@code WARN} or {@code FAIL}
 * @param baseSeed          base of every run's seed ({@code triscale.seed})
 * @param progress          whether to print a line per run ({@code triscale.progress})
 * @param outputDir         folder of the JSON results ({@code triscale.output.dir})
 * @param surefireReports   whether to write per-series Surefire XML ({@code triscale.surefire.reports})
 * @param surefireDir       folder of the per-series XML ({@code triscale.surefire.reports.dir})
 * @param kpiTestcases      whether a series report holds its KPI checks as test cases
 *                          ({@code triscale.surefire.reports.kpiTestcases})
 */
public record Settings(Mode mode, FailingChecks checks, long baseSeed, boolean progress, Path outputDir,
                boolean surefireReports, Path surefireDir, boolean kpiTestcases) {
}
