package org.triscale.results.internal.setup;

/**
 * The one reader of the machine and JVM a test runs on, for the JSON result, the regression gate's
 * fingerprint and its sequel records.
 *
 * @param javaVersion     {@code java.version}, e.g. {@code 17.0.12}
 * @param javaFeature     the feature release, e.g. {@code 17}
 * @param javaVendor      {@code java.vendor}
 * @param osName          {@code os.name}
 * @param osVersion       {@code os.version}
 * @param arch            {@code os.arch}
 * @param cpus            available processors
 * @param junitVersion    JUnit Jupiter's version from its manifest, or null when unknown
 * @param triscaleVersion this extension's version from its manifest's {@code Implementation-Version},
 *                        or null when unknown (running from classes, not the jar)
 */
public record Machine(String javaVersion, int javaFeature, String javaVendor, String osName, String osVersion,
                      String arch, int cpus, String junitVersion, String triscaleVersion) {

    /** The machine this JVM runs on. */
    public static Machine current() {
        return new Machine(System.getProperty("java.version"), Runtime.version().feature(),
                System.getProperty("java.vendor"), System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                jupiterVersion(), Machine.class.getPackage().getImplementationVersion());
    }

    /**
     * JUnit Jupiter's version, looked up by name: the results library that holds this record does not
     * depend on JUnit, and a launch without Jupiter (the CLI's merge) has none.
     */
    private static String jupiterVersion() {
        try {
            Class<?> test = Class.forName("org.junit.jupiter.api.Test", false, Machine.class.getClassLoader());
            return test.getPackage().getImplementationVersion();
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
