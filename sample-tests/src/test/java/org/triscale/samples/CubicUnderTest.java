package org.triscale.samples;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.cca.Cca;

/**
 * Resolves a {@link Cca} parameter to the CUBIC under test: {@link Cca#CUBIC}, or
 * {@link SlowerCubic} when the configuration parameter {@value #PARAMETER} is {@code slower}; and a
 * {@link Rate} parameter to the bottleneck's rate, {@link FctRegressionTest#LINK} unless
 * {@value #LINK_PARAMETER} gives it in Mbit/s (a test bed whose link drifted, {@link LinkDriftGate}). The
 * test method and class stay the same, so every run keeps its seed and the regression gate
 * compares the variant with the committed baseline run by run ({@link FctRegressionDetectionTest}).
 */
final class CubicUnderTest implements ParameterResolver {
    /** The configuration parameter that selects the variant. */
    static final String PARAMETER = "triscale.samples.cubic";
    /** The configuration parameter that sets the bottleneck's rate, in Mbit/s. */
    static final String LINK_PARAMETER = "triscale.samples.link.mbps";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Cca.class || parameter.getParameter().getType() == Rate.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == Rate.class) {
            String text = context.getConfigurationParameter(LINK_PARAMETER).orElse(null);
            if (text == null) {
                return FctRegressionTest.LINK;
            }
            try {
                double mbps = Double.parseDouble(text.trim());
                if (mbps > 0 && Double.isFinite(mbps)) {
                    return Rate.mbps(mbps);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new org.junit.jupiter.api.extension.ParameterResolutionException(LINK_PARAMETER + " = '" + text
                    + "' is not a rate in Mbit/s; use a positive number such as 49.9");
        }
        String variant = context.getConfigurationParameter(PARAMETER).orElse("cubic");
        switch (variant) {
            case "cubic":
                return Cca.CUBIC;
            case "slower":
                return SlowerCubic.CCA;
            default:
                throw new org.junit.jupiter.api.extension.ParameterResolutionException(PARAMETER + " = '" + variant
                        + "' is not a CUBIC of this sample; use cubic (the default) or slower");
        }
    }
}
