package org.triscale.samples;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.emulator.cca.Cca;

/**
 * Resolves a {@link Cca} parameter to the CUBIC under test: {@link Cca#CUBIC}, or
 * {@link SlowerCubic} when the configuration parameter {@value #PARAMETER} is {@code slower}. The
 * test method and class stay the same, so every run keeps its seed and the regression gate
 * compares the variant with the committed baseline run by run ({@link FctRegressionDetectionTest}).
 */
final class CubicUnderTest implements ParameterResolver {
    /** The configuration parameter that selects the variant. */
    static final String PARAMETER = "triscale.samples.cubic";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Cca.class;
    }

    @Override
    public Cca resolveParameter(ParameterContext parameter, ExtensionContext context) {
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
