package org.triscale.emulator;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * Per-packet one-way delays (from the sender to the receiver: queueing, transmission and
 * propagation) of the delivered data packets, in arrival order, kept one out of
 * {@code sampleEvery}. Arrays are copied in and out.
 *
 * @param sampleEvery   one sample kept per this many delivered packets
 * @param timesSeconds  arrival time of each sample
 * @param delaysMillis  one-way delay of each sample
 * @param flowIds       flow of each sample
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record DelaySamples(int sampleEvery, double[] timesSeconds, double[] delaysMillis, int[] flowIds) {

    /**
     * Copies the arrays and checks their lengths.
     *
     * @param sampleEvery one sample kept per this many delivered packets
     * @param timesSeconds arrival time of each sample
     * @param delaysMillis one-way delay of each sample
     * @param flowIds flow of each sample
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public DelaySamples {
        if (timesSeconds.length != delaysMillis.length || timesSeconds.length != flowIds.length) {
            throw new IllegalArgumentException("delay sample arrays must have one length, got " + timesSeconds.length
                    + ", " + delaysMillis.length + " and " + flowIds.length);
        }
        timesSeconds = timesSeconds.clone();
        delaysMillis = delaysMillis.clone();
        flowIds = flowIds.clone();
    }

    /**
     * Number of samples.
     *
     * @return the count
     */
    public int size() {
        return delaysMillis.length;
    }

    /**
     * A copy of the arrival times.
     *
     * @return seconds
     */
    @Override
    public double[] timesSeconds() {
        return timesSeconds.clone();
    }

    /**
     * A copy of the delays.
     *
     * @return milliseconds
     */
    @Override
    public double[] delaysMillis() {
        return delaysMillis.clone();
    }

    /**
     * A copy of the flow ids.
     *
     * @return ids
     */
    @Override
    public int[] flowIds() {
        return flowIds.clone();
    }

    /**
     * The delays of one flow.
     *
     * @param flowId the flow
     * @return milliseconds, in arrival order
     */
    public double[] delaysMillis(int flowId) {
        return Arrays.stream(indices(flowId)).mapToDouble(i -> delaysMillis[i]).toArray();
    }

    /**
     * The arrival times of one flow's samples.
     *
     * @param flowId the flow
     * @return seconds, in arrival order
     */
    public double[] timesSeconds(int flowId) {
        return Arrays.stream(indices(flowId)).mapToDouble(i -> timesSeconds[i]).toArray();
    }

    private int[] indices(int flowId) {
        int n = 0;
        for (int f : flowIds) {
            if (f == flowId) {
                n++;
            }
        }
        int[] idx = new int[n];
        int k = 0;
        for (int i = 0; i < flowIds.length; i++) {
            if (flowIds[i] == flowId) {
                idx[k++] = i;
            }
        }
        return idx;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DelaySamples d && sampleEvery == d.sampleEvery
                && Arrays.equals(timesSeconds, d.timesSeconds) && Arrays.equals(delaysMillis, d.delaysMillis)
                && Arrays.equals(flowIds, d.flowIds);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(delaysMillis) + Arrays.hashCode(flowIds)) + sampleEvery;
    }

    @Override
    public String toString() {
        return "DelaySamples[" + size() + " samples, one per " + sampleEvery + " packets]";
    }
}
