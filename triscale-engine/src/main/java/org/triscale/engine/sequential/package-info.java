/**
 * Adaptive runs: anytime-valid KPIs that may stop as soon as the assertion is decided or a
 * precision target is met ({@link org.triscale.engine.sequential.SequentialKpi}, Howard and Ramdas
 * 2022), percentiles of importance-sampled runs with Kish's effective sample size
 * ({@link org.triscale.engine.sequential.WeightedPercentiles}), and model-assisted percentiles
 * that use auxiliary variables known from a cheap first phase
 * ({@link org.triscale.engine.sequential.ModelAssistedPercentiles}).
 *
 * <p>References: S. R. Howard, A. Ramdas. Sequential estimation of quantiles with applications to
 * A/B-testing and best-arm identification. <i>Bernoulli</i> 28(3), 2022. S. R. Howard, A. Ramdas,
 * J. McAuliffe, J. Sekhon. Time-uniform, nonparametric, nonasymptotic confidence sequences.
 * <i>Annals of Statistics</i> 49(2), 2021. J. Ville. <i>Étude critique de la notion de
 * collectif</i>, 1939. R. S. Woodruff. Confidence intervals for medians and other position
 * measures. <i>JASA</i> 47, 1952. P. W. Glynn. Importance sampling for Monte Carlo estimation of
 * quantiles. 1996. F. Chu, M. K. Nakayama. Confidence intervals for quantiles when applying
 * variance-reduction techniques. <i>ACM TOMACS</i> 22(2), 2012. L. Kish. <i>Survey Sampling</i>, 1965. J. Neyman. Contribution
 * to the theory of sampling human populations. <i>JASA</i> 33, 1938. J. N. K. Rao, J. G. Kovar,
 * H. J. Mantel. On estimating distribution functions and quantiles from survey data using
 * auxiliary information. <i>Biometrika</i> 77(2), 1990. C.-E. Särndal, B. Swensson, J. Wretman.
 * <i>Model Assisted Survey Sampling</i>, 1992. F. J. Breidt, J. D. Opsomer. Model-assisted survey
 * estimation with modern prediction techniques. <i>Statistical Science</i> 32(2), 2017. P. S.
 * Kott. The delete-a-group jackknife. <i>Journal of Official Statistics</i> 17(4), 2001.
 */
package org.triscale.engine.sequential;
