package org.triscale.junit;

import org.junit.platform.commons.support.AnnotationSupport;
import org.triscale.results.internal.model.CellParameters;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@link GridReference} for a method: on the method, else on its class or an enclosing
 * class (a {@code @Nested} class inside the {@code @ParameterizedClass}), and checks it against the
 * cell the method runs in.
 */
final class GridReferences {
    private GridReferences() {
    }

    /**
     * The reference the method's grid names.
     *
     * @param method    the {@code @Runs} method
     * @param testClass its class
     * @param cell      the cell it runs in, empty outside a grid
     * @return the reference's text, empty for the default (the grid's first cell)
     * @throws IllegalArgumentException naming the annotation, its value and the fix
     */
    static String read(Method method, Class<?> testClass, String cell) {
        Optional<GridReference> onMethod = AnnotationSupport.findAnnotation(method, GridReference.class);
        Optional<GridReference> found = onMethod;
        for (Class<?> type = testClass; found.isEmpty() && type != null; type = type.getEnclosingClass()) {
            found = AnnotationSupport.findAnnotation(type, GridReference.class);
        }
        if (found.isEmpty()) {
            return "";
        }
        String value = found.get().value() == null ? "" : found.get().value().strip();
        if (cell.isEmpty()) {
            if (onMethod.isPresent()) {
                throw new IllegalArgumentException("@GridReference(\"" + value + "\") is on a method that is not in a"
                        + " grid (no @ParameterizedClass encloses it); remove it, or make the class a"
                        + " @ParameterizedClass whose cells it names");
            }
            return "";
        }
        Map<String, String> parameters = CellParameters.parse(cell);
        Map<String, String> reference = CellParameters.parse(value);
        if (reference.isEmpty() || !parameters.keySet().containsAll(reference.keySet())) {
            throw new IllegalArgumentException("@GridReference(\"" + value + "\") must name parameters of the cell as "
                    + "name=value pairs separated by \", \", and the cell " + cell + " has the parameters "
                    + String.join(", ", parameters.keySet()) + "; e.g. @GridReference(\""
                    + parameters.entrySet().iterator().next().getKey() + "=" + parameters.values().iterator().next()
                    + "\")");
        }
        return value;
    }
}
