package org.triscale.emulator;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * A rate time series of a run, in Mbit/s per bin, in one of two kinds that must not be confused:
 * <ul>
 *   <li>{@link Trace#throughput()}, the <em>wire throughput</em> at the bottleneck's egress, like
 *       Pantheon's: the bits of data packets (on-the-wire size, headers and retransmissions
 *       included) that finish their transmission in each bin. Copies of data the receiver already
 *       has (spurious retransmissions, for example after a timeout) fill the link here as well
 *       as new data do.</li>
 *   <li>{@link Trace#goodput()}, the <em>goodput</em> at the receiver: the payload bits handed to
 *       the application in order in each bin, each byte once (retransmitted copies and headers
 *       excluded), as iperf3's receiver reports. A full 20 Mbit/s link of 1500-byte packets
 *       carries about 19.3 Mbit/s of goodput.</li>
 * </ul>
 * Each bin's bits are divided by the bin's width. Bin {@code i} covers {@code [i·w, (i+1)·w)};
 * the last one may be shorter and is divided by its own width. Per-flow series are stored from the flow's first bin on.
 *
 * @param binSeconds     bin width w
 * @param runSeconds     length of the run
 * @param totalMbps      all flows together, Mbit/s per bin
 * @param flowFirstBins  first stored bin of each flow
 * @param flowMbps       each flow's Mbit/s from its first stored bin on
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Throughput(double binSeconds, double runSeconds, double[] totalMbps, int[] flowFirstBins,
                         double[][] flowMbps) {

    /**
     * Copies the arrays.
     *
     * @param binSeconds bin width w
     * @param runSeconds length of the run
     * @param totalMbps all flows together, Mbit/s per bin
     * @param flowFirstBins first stored bin of each flow
     * @param flowMbps each flow's Mbit/s from its first stored bin on
     * @throws IllegalArgumentException if the per-flow arrays differ in number
     */
    public Throughput {
        if (flowFirstBins.length != flowMbps.length) {
            throw new IllegalArgumentException("one first bin per flow needed, got " + flowFirstBins.length
                    + " for " + flowMbps.length + " flows");
        }
        totalMbps = totalMbps.clone();
        flowFirstBins = flowFirstBins.clone();
        double[][] copy = new double[flowMbps.length][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = flowMbps[i].clone();
        }
        flowMbps = copy;
    }

    /**
     * Number of bins.
     *
     * @return the count
     */
    public int bins() {
        return totalMbps.length;
    }

    /**
     * Start time of each bin.
     *
     * @return seconds
     */
    public double[] binStartsSeconds() {
        double[] t = new double[totalMbps.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * binSeconds;
        }
        return t;
    }

    /**
     * A copy of the total series.
     *
     * @return Mbit/s per bin
     */
    @Override
    public double[] totalMbps() {
        return totalMbps.clone();
    }

    /**
     * A copy of the first stored bins.
     *
     * @return bin index per flow
     */
    @Override
    public int[] flowFirstBins() {
        return flowFirstBins.clone();
    }

    /**
     * Each flow's series over all bins (zeros before the flow's first bin and after its end).
     *
     * @return Mbit/s per flow and bin
     */
    @Override
    public double[][] flowMbps() {
        double[][] all = new double[flowMbps.length][];
        for (int i = 0; i < all.length; i++) {
            all[i] = flowMbps(i);
        }
        return all;
    }

    /**
     * One flow's series over all bins.
     *
     * @param flowId the flow
     * @return Mbit/s per bin (zeros where the flow sent nothing)
     * @throws IllegalArgumentException if there is no such flow
     */
    public double[] flowMbps(int flowId) {
        if (flowId < 0 || flowId >= flowMbps.length) {
            throw new IllegalArgumentException("flowId must be in [0, " + flowMbps.length + "), got " + flowId);
        }
        double[] series = new double[totalMbps.length];
        double[] stored = flowMbps[flowId];
        int first = flowFirstBins[flowId];
        System.arraycopy(stored, 0, series, first, Math.min(stored.length, series.length - first));
        return series;
    }

    /**
     * Mean throughput of all flows between two times, weighting bins by their overlap.
     *
     * @param fromSeconds start, &gt;= 0
     * @param toSeconds   end, &gt; start
     * @return Mbit/s
     */
    public double meanTotalMbps(double fromSeconds, double toSeconds) {
        return mean(totalMbps, 0, fromSeconds, toSeconds);
    }

    /**
     * Mean throughput of one flow between two times, weighting bins by their overlap.
     *
     * @param flowId      the flow
     * @param fromSeconds start, &gt;= 0
     * @param toSeconds   end, &gt; start
     * @return Mbit/s
     */
    public double meanFlowMbps(int flowId, double fromSeconds, double toSeconds) {
        flowMbps(flowId);
        return mean(flowMbps[flowId], flowFirstBins[flowId], fromSeconds, toSeconds);
    }

    private double mean(double[] series, int first, double from, double to) {
        if (!(from >= 0 && to > from)) {
            throw new IllegalArgumentException("need 0 <= fromSeconds < toSeconds, got " + from + " and " + to);
        }
        to = Math.min(to, runSeconds);
        double bits = 0;
        for (int k = 0; k < series.length; k++) {
            int bin = first + k;
            double start = bin * binSeconds;
            double end = Math.min(start + binSeconds, runSeconds);
            double overlap = Math.min(end, to) - Math.max(start, from);
            if (overlap > 0) {
                bits += series[k] * overlap;
            }
        }
        return to > from ? bits / (to - from) : 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Throughput t && binSeconds == t.binSeconds && runSeconds == t.runSeconds
                && Arrays.equals(totalMbps, t.totalMbps) && Arrays.equals(flowFirstBins, t.flowFirstBins)
                && Arrays.deepEquals(flowMbps, t.flowMbps);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(totalMbps) + Arrays.deepHashCode(flowMbps);
    }

    @Override
    public String toString() {
        return "Throughput[" + bins() + " bins of " + binSeconds + " s, " + flowMbps.length + " flows]";
    }
}
