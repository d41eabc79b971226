package org.triscale.testbed.linux;

/** The argument checks the Linux test bed's API shares: a null names the parameter it was given for. */
final class Checks {
    private Checks() {
    }

    /**
     * @param name  the parameter's name, as the javadoc gives it
     * @param value its value
     * @param <T>   its type
     * @return {@code value}
     * @throws NullPointerException naming the parameter when {@code value} is null
     */
    static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new NullPointerException(name + " is null; give a value (see the javadoc of the method)");
        }
        return value;
    }
}
