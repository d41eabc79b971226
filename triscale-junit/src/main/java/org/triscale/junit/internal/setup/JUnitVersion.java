package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Optional;

/**
 * Refuses a JUnit that lacks what the extension calls (Jupiter 5.14 on Platform 1.14, or 6.x),
 * before the first run: an older one fails later with a raw {@code NoClassDefFoundError} or
 * {@code AbstractMethodError} after all runs were spent.
 *
 * <p>The check asks the class path what it can do, not what it says it is: jar manifests are
 * no evidence (the console launcher's standalone jar carries the Platform's number for Jupiter
 * too; shaded, repackaged and OSGi copies carry their own or none). Jupiter 5.14 is the first
 * with {@code org.junit.jupiter.api.MediaType} and {@code ExtensionContext.publishFile(String,
 * MediaType, ThrowingConsumer)}, the newest API the extension relies on; the engine that runs the
 * test must also implement that method, which a 5.14 API jar beside a 5.13 engine does not.
 */
public final class JUnitVersion {
    static final String MEDIA_TYPE = "org.junit.jupiter.api.MediaType";
    static final String EXTENSION_CONTEXT = "org.junit.jupiter.api.extension.ExtensionContext";
    static final String THROWING_CONSUMER = "org.junit.jupiter.api.function.ThrowingConsumer";
    private static final String FIX = "; import the junit-bom 5.14.x (or 6.x) in your POM's dependencyManagement, or"
            + " use junit-platform-console-standalone 1.14.x (or 6.x), so that every JUnit jar is of one release";

    private JUnitVersion() {
    }

    /**
     * Checks the JUnit Jupiter API on the class path and the engine behind {@code context}.
     *
     * @param context the context the engine passed to the extension
     * @throws ExtensionConfigurationException naming what is missing and the fix
     */
    public static void check(ExtensionContext context) {
        problem(JUnitVersion.class.getClassLoader(), context.getClass()).ifPresent(message -> {
            throw new ExtensionConfigurationException(message);
        });
    }

    /**
     * What the extension needs and the class path lacks, if anything.
     *
     * @param loader  the class loader the extension's JUnit types come from
     * @param context the engine's {@code ExtensionContext} class, or {@code null} to check the API only
     * @return the message naming the missing type or method and the fix, or empty when all is there
     */
    static Optional<String> problem(ClassLoader loader, Class<?> context) {
        Class<?> mediaType;
        Method publishFile;
        try {
            mediaType = Class.forName(MEDIA_TYPE, false, loader);
            publishFile = Class.forName(EXTENSION_CONTEXT, false, loader)
                    .getMethod("publishFile", String.class, mediaType, Class.forName(THROWING_CONSUMER, false, loader));
        } catch (ClassNotFoundException e) {
            return Optional.of(needs("the JUnit Jupiter API on the class path has no " + e.getMessage()));
        } catch (NoSuchMethodException e) {
            return Optional.of(needs("the JUnit Jupiter API on the class path has no ExtensionContext.publishFile(String,"
                    + " MediaType, ThrowingConsumer)"));
        }
        if (context != null) {
            try {
                Method implementation = context.getMethod(publishFile.getName(), publishFile.getParameterTypes());
                if (Modifier.isAbstract(implementation.getModifiers())) {
                    return Optional.of(needs("the JUnit Jupiter engine running the test (" + context.getName()
                            + ") does not implement ExtensionContext.publishFile(String, MediaType, ThrowingConsumer):"
                            + " its jupiter-engine is older than its jupiter-api"));
                }
            } catch (NoSuchMethodException e) {
                return Optional.of(needs("the JUnit Jupiter engine running the test (" + context.getName()
                        + ") has no ExtensionContext.publishFile(String, MediaType, ThrowingConsumer)"));
            }
        }
        return Optional.empty();
    }

    private static String needs(String missing) {
        return "TriScale for JUnit needs JUnit Jupiter 5.14 or 6.x (Platform 1.14 or 6.x), but " + missing
                + " (added in Jupiter 5.14)" + FIX;
    }
}
