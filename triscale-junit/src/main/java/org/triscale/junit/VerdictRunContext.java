package org.triscale.junit;


/** The placeholder {@link RunContext} of the verdict invocation, whose method body never runs. */
enum VerdictRunContext implements RunContext {
    INSTANCE;

    @Override
    public int series() {
        throw unavailable();
    }

    @Override
    public int run() {
        throw unavailable();
    }

    @Override
    public long seed() {
        throw unavailable();
    }

    @Override
    public void recordSample(String metric, double x, double y) {
        throw unavailable();
    }

    @Override
    public void recordSample(String metric, double y) {
        throw unavailable();
    }

    @Override
    public void recordSamples(String metric, double[] xs, double[] ys) {
        throw unavailable();
    }

    @Override
    public void recordSamples(String metric, double[] ys) {
        throw unavailable();
    }

    @Override
    public void recordWeightedSample(String metric, double value, double weight) {
        throw unavailable();
    }

    @Override
    public void recordWeightedSamples(String metric, double[] values, double[] weights) {
        throw unavailable();
    }

    @Override
    public void recordRunValue(String metric, double value) {
        throw unavailable();
    }

    @Override
    public void testBed(String key, String value) {
        throw unavailable();
    }

    @Override
    public void note(String name, String text) {
        throw unavailable();
    }

    private static IllegalStateException unavailable() {
        return new IllegalStateException("the verdict invocation records nothing: it analyses the runs");
    }
}
