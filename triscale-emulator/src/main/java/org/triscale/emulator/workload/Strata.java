package org.triscale.emulator.workload;

/** Merging of sparse post-strata, shared by the calibrations of this package. */
final class Strata {
    private Strata() {
    }

    /**
     * Groups strata so that every group holds at least {@code minimum} flows: from the top (the
     * tail strata are the sparse ones), strata join a group until it is full; lowest strata that
     * fall short join the group above them. With fewer than {@code minimum} flows in all there is
     * one group.
     *
     * @param count   the flows in each stratum, lowest first
     * @param minimum the fewest flows of a group, &gt;= 1
     * @return each stratum's group, 0 for the top group
     */
    static int[] mergeFromTop(double[] count, int minimum) {
        int[] group = new int[count.length];
        int groups = 0;
        double held = 0;
        for (int k = count.length - 1; k >= 0; k--) {
            group[k] = groups;
            held += count[k];
            if (held >= minimum) {
                groups++;
                held = 0;
            }
        }
        if (held > 0 && groups > 0) {
            for (int k = 0; k < count.length; k++) {
                group[k] = Math.min(group[k], groups - 1);
            }
        }
        return group;
    }
}
