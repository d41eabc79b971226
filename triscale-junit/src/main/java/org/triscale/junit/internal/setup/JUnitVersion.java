package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Optional;

/**
 * Refuses a JUnit older than the one the extension is built and tested for (Jupiter 5.14 on
 * Platform 1.14, or 6.x), before the first run: an older one fails later with a raw
 * {@code NoSuchMethodError} or, worse, runs with missing behaviour.
 */
public final class JUnitVersion {
    private JUnitVersion() {
    }

    /** Checks the JUnit Jupiter API and Platform on the class path; a jar without a version passes. */
    public static void check() {
        problem("JUnit Jupiter", ExtensionContext.class.getPackage().getImplementationVersion(), 5)
                .or(() -> problem("JUnit Platform", AnnotationSupport.class.getPackage().getImplementationVersion(), 1))
                .ifPresent(message -> {
                    throw new ExtensionConfigurationException(message);
                });
    }

    /**
     * The message for a version below the supported one, if it is.
     *
     * @param component   the name, for the message
     * @param version     the version, e.g. {@code 5.14.4}, {@code 6.1.3} or {@code null} when unknown
     * @param fiveXMajor  the major version that went with Jupiter 5 ({@code 5} for Jupiter, {@code 1}
     *                    for the Platform); its minor must be at least 14, a later major passes
     */
    static Optional<String> problem(String component, String version, int fiveXMajor) {
        if (version == null) {
            return Optional.empty();
        }
        String[] parts = version.split("[.-]");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            if (major > fiveXMajor || (major == fiveXMajor && minor >= 14)) {
                return Optional.empty();
            }
        } catch (NumberFormatException e) {
            return Optional.empty(); // a version we cannot read is not refused
        }
        return Optional.of("TriScale for JUnit needs JUnit Jupiter 5.14 (Platform 1.14) or 6.x, but " + component
                + " " + version + " is on the class path; import the junit-bom 5.14.x or 6.x in your POM's"
                + " dependencyManagement");
    }
}
