package org.triscale.emulator.workload;

import java.time.Duration;
import java.util.Arrays;
import java.util.PriorityQueue;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Rate;

/**
 * Calibrates the flow weights of nominal runs to strata of a fluid surrogate of each flow's
 * completion time: the flow's sojourn time in a processor-sharing queue fed with its run's
 * workload (every active flow gets an equal share of the bottleneck, Kleinrock 1976). The
 * surrogate is a function of the workload alone (arrival times and sizes), so its nominal
 * distribution can be computed without running the system: {@link #simulate} draws many nominal
 * workloads and cuts their sojourn times at nominal cumulative probabilities {@code levels}.
 * {@link #calibrate} then gives each stratum of the runs' flows its nominal probability
 * (post-stratification, Holt and Smith 1979), whatever number of flows fell in it.
 *
 * <p>This is two-phase sampling (Neyman 1938): a large, cheap first phase (simulated workloads)
 * measures the auxiliary variable's distribution, and a small, costly second phase (the runs)
 * measures the FCT; calibrating the second phase to the first (Deville and Särndal 1992) removes
 * the part of the FCT's sampling error that the auxiliary variable explains, for the distribution
 * function and its percentiles as well as for means (Rao, Kovar and Mantel 1990). Unlike size
 * strata ({@link TiltedFlowSizes#calibrate}), the sojourn time also accounts for the flows a flow
 * meets: a large flow that arrives in a busy period is slow, and the strata know it. The
 * estimate stays consistent whatever the real network does (the surrogate only has to be
 * correlated with the FCT to help, not to be right), and the runs are nominal, so nothing in the
 * network changes.
 *
 * <p>The first phase's strata probabilities are estimates: their error (relative error about
 * {@code 1 / sqrt(flows in the stratum)}) must stay small next to the runs'; a few thousand
 * simulated workloads suffice, at a few milliseconds each. Flows that do not complete within a run
 * are missing from its sample but not from the first phase: keep runs long enough for all flows
 * to complete.
 *
 * @see TiltedFlowSizes#calibrate(long[], double[], int)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class SojournCalibration {
    private final double[] cuts;
    private final double[] probability;

    private SojournCalibration(double[] cuts, double[] probability) {
        this.cuts = cuts;
        this.probability = probability;
    }

    /**
     * The first phase: simulates {@code runs} workloads of the nominal law, computes every flow's
     * processor-sharing sojourn time at {@code capacity} and cuts them at the nominal cumulative
     * probabilities {@code levels}.
     *
     * @param nominal  the runs' FCT workload: Poisson arrivals of single flows (no on-off
     *                 modulation, no incast), sizes drawn from its {@link FctWorkload#sizes()}
     * @param duration the run's duration (arrivals stop at the workload's stop or here)
     * @param capacity the bottleneck's payload rate, for example the link rate times MSS / MTU
     * @param levels   the strata's inner boundaries, increasing nominal probabilities in (0, 1),
     *                 finer where the percentile's flows are (e.g. 0.9, 0.95, …, 0.999)
     * @param runs     the simulated workloads, &gt;= 1 (a few thousand)
     * @param seed     the seed of the simulation
     * @return the calibration
     * @throws IllegalArgumentException naming the invalid argument
     */
    public static SojournCalibration simulate(FctWorkload nominal, Duration duration, Rate capacity, double[] levels,
                                              int runs, long seed) {
        checkLevels(levels);
        double[] all = firstPhase(nominal, duration, capacity, runs, seed).sojourns();
        int n = all.length;
        if (n == 0) {
            throw new IllegalArgumentException("the " + runs + " simulated workloads hold no flow; the workload's"
                    + " arrivals (mean inter-arrival " + nominal.meanInterArrival() + ") fall outside the run");
        }
        double[] sorted = Arrays.copyOf(all, n);
        Arrays.sort(sorted);
        double[] cuts = new double[levels.length];
        double[] probability = new double[levels.length + 1];
        int below = 0;
        for (int k = 0; k < levels.length; k++) {
            cuts[k] = sorted[Math.min(n - 1, (int) Math.ceil(levels[k] * n) - 1)];
            int upTo = upperBound(sorted, cuts[k]);
            // The share of the first phase's flows in the stratum: exact for its empirical law, ties included.
            probability[k] = (upTo - below) / (double) n;
            below = upTo;
        }
        probability[levels.length] = (n - below) / (double) n;
        return new SojournCalibration(cuts, probability);
    }

    /**
     * The flows of a first phase: their sizes and processor-sharing sojourn times, workload after
     * workload.
     *
     * @param sizes    each flow's size in bytes
     * @param sojourns each flow's sojourn time in seconds, in the same order
     */
    public record FirstPhase(long[] sizes, double[] sojourns) {
    }

    /**
     * Simulates {@code runs} nominal workloads and returns every flow's size and processor-sharing
     * sojourn time, for calibrations to other functions of the two.
     *
     * @param nominal  as for {@link #simulate}
     * @param duration as for {@link #simulate}
     * @param capacity as for {@link #simulate}
     * @param runs     the simulated workloads, &gt;= 1
     * @param seed     the seed of the simulation
     * @return the flows
     * @throws IllegalArgumentException naming the invalid argument
     */
    public static FirstPhase firstPhase(FctWorkload nominal, Duration duration, Rate capacity, int runs, long seed) {
        if (nominal == null || nominal.onOff().isPresent() || nominal.fanIn() != 1) {
            throw new IllegalArgumentException("nominal must be an FCT workload of Poisson arrivals of single flows, got "
                    + nominal + "; on-off and incast workloads are not simulated");
        }
        if (duration == null || duration.compareTo(nominal.start()) <= 0) {
            throw new IllegalArgumentException("duration must be after the workload's start (" + nominal.start()
                    + "), got " + duration + "; use the run's duration, e.g. Duration.ofSeconds(30)");
        }
        checkCapacity(capacity);
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be >= 1 simulated workload, got " + runs + "; e.g. 4000");
        }
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double[] all = new double[16];
        long[] bytes = new long[16];
        int n = 0;
        for (int r = 0; r < runs; r++) {
            Workload workload = Workload.draw(nominal, duration, random);
            double[] sojourn = sojournTimes(workload.arrivalSeconds(), workload.sizes(), capacity);
            if (n + sojourn.length > all.length) {
                all = Arrays.copyOf(all, Math.max(2 * all.length, n + sojourn.length));
                bytes = Arrays.copyOf(bytes, all.length);
            }
            System.arraycopy(sojourn, 0, all, n, sojourn.length);
            System.arraycopy(workload.sizes(), 0, bytes, n, sojourn.length);
            n += sojourn.length;
        }
        return new FirstPhase(Arrays.copyOf(bytes, n), Arrays.copyOf(all, n));
    }

    /**
     * The processor-sharing sojourn times of one run's flows: the link serves every flow present
     * at an equal rate, {@code capacity / flows present}, so a flow leaves when the service each
     * flow received since its arrival reaches its size.
     *
     * @param arrivalSeconds each flow's arrival time, finite, in any order
     * @param sizes          each flow's size in bytes, &gt;= 0
     * @param capacity       the link's payload rate
     * @return each flow's sojourn time in seconds, in the order given
     * @throws IllegalArgumentException if the arrays are null or of different lengths, or a value is invalid
     */
    public static double[] sojournTimes(double[] arrivalSeconds, long[] sizes, Rate capacity) {
        if (arrivalSeconds == null || sizes == null || arrivalSeconds.length != sizes.length) {
            throw new IllegalArgumentException("sojournTimes needs one size per arrival, got "
                    + (arrivalSeconds == null ? "null" : arrivalSeconds.length) + " arrivals and "
                    + (sizes == null ? "null" : sizes.length) + " sizes");
        }
        checkCapacity(capacity);
        int n = sizes.length;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(arrivalSeconds[i])) {
                throw new IllegalArgumentException("arrivalSeconds[" + i + "] is " + arrivalSeconds[i]
                        + "; arrival times must be finite");
            }
            if (sizes[i] < 0) {
                throw new IllegalArgumentException("sizes[" + i + "] is " + sizes[i] + "; flow sizes must be >= 0 bytes");
            }
        }
        double bytesPerSecond = capacity.bitsPerSecond() / 8;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(arrivalSeconds[a], arrivalSeconds[b]));
        // Virtual time: the service every flow present has received since time 0; a flow arriving
        // at virtual time v leaves when it reaches v + size (Kleinrock 1976, processor sharing).
        double[] finish = new double[n];
        PriorityQueue<Integer> present = new PriorityQueue<>((a, b) -> Double.compare(finish[a], finish[b]));
        double[] sojourn = new double[n];
        double now = n == 0 ? 0 : arrivalSeconds[order[0]];
        double virtual = 0;
        int next = 0;
        while (next < n || !present.isEmpty()) {
            double arrival = next < n ? arrivalSeconds[order[next]] : Double.POSITIVE_INFINITY;
            double departure = present.isEmpty() ? Double.POSITIVE_INFINITY
                    : now + (finish[present.peek()] - virtual) * present.size() / bytesPerSecond;
            if (arrival <= departure) {
                if (!present.isEmpty()) {
                    virtual += (arrival - now) * bytesPerSecond / present.size();
                }
                now = arrival;
                int i = order[next++];
                finish[i] = virtual + sizes[i];
                present.add(i);
            } else {
                int i = present.poll();
                virtual = finish[i];
                now = departure;
                sojourn[i] = now - arrivalSeconds[i];
            }
        }
        return sojourn;
    }

    /**
     * Post-stratifies flows by their sojourn times: each stratum gets its first-phase probability,
     * shared equally by the flows in it. Strata holding fewer than {@code minimum} flows merge
     * with the next lower ones first (from the top), as in {@link TiltedFlowSizes#calibrate}.
     *
     * @param sojourns the {@link #sojournTimes} of the flows recorded (one run, or several
     *                 pooled), each computed within its own run's workload, finite and &gt;= 0
     * @param minimum  the fewest flows a (merged) stratum may hold, &gt;= 1, e.g. 5
     * @return the weights, in the order of {@code sojourns}, summing to 1 (empty for no flow)
     * @throws IllegalArgumentException if {@code sojourns} is null or holds an invalid value, or
     *                                  {@code minimum < 1}
     */
    public double[] calibrate(double[] sojourns, int minimum) {
        if (sojourns == null) {
            throw new IllegalArgumentException("sojourns must not be null; pass the flows' sojournTimes");
        }
        if (minimum < 1) {
            throw new IllegalArgumentException("minimum must be >= 1 flow per stratum, got " + minimum + "; e.g. 5");
        }
        int n = sojourns.length;
        int[] stratum = new int[n];
        double[] count = new double[probability.length];
        for (int i = 0; i < n; i++) {
            if (!(sojourns[i] >= 0) || sojourns[i] == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("sojourns[" + i + "] is " + sojourns[i]
                        + "; a sojourn time must be finite and >= 0");
            }
            stratum[i] = upperBound(cuts, sojourns[i]);
            count[stratum[i]]++;
        }
        int[] group = Strata.mergeFromTop(count, minimum);
        double[] groupProbability = new double[probability.length];
        double[] groupCount = new double[probability.length];
        for (int k = 0; k < probability.length; k++) {
            groupProbability[group[k]] += probability[k];
            groupCount[group[k]] += count[k];
        }
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            int g = group[stratum[i]];
            weights[i] = groupProbability[g] / groupCount[g];
        }
        return weights;
    }

    /**
     * The sojourn times that bound the strata: the first phase's quantiles at the levels.
     *
     * @return a copy, one per level, non-decreasing
     */
    public double[] cuts() {
        return cuts.clone();
    }

    /**
     * The strata's nominal probabilities: the first phase's share of flows in each.
     *
     * @return a copy, one more than the cuts, summing to 1
     */
    public double[] probabilities() {
        return probability.clone();
    }

    @Override
    public String toString() {
        return "SojournCalibration[cuts " + Arrays.toString(cuts) + ", probabilities " + Arrays.toString(probability)
                + "]";
    }

    /**
     * One run's workload as the emulator draws it: Poisson arrivals from one inter-arrival time
     * after the start until the stop (or the run's end), each with a size of the workload's law.
     */
    record Workload(double[] arrivalSeconds, long[] sizes) {
        static Workload draw(FctWorkload spec, Duration duration, UniformRandomProvider random) {
            ZigguratSampler.Exponential gaps = ZigguratSampler.Exponential.of(random,
                    spec.meanInterArrival().toNanos() / 1e9);
            FlowSizes.Sampler sizes = spec.sizes().sampler(random);
            double stop = Math.min(duration.toNanos(), spec.stop().orElse(duration).toNanos()) / 1e9;
            double[] arrivals = new double[16];
            long[] bytes = new long[16];
            int flows = 0;
            for (double t = spec.start().toNanos() / 1e9 + gaps.sample(); t < stop; t += gaps.sample()) {
                if (flows == arrivals.length) {
                    arrivals = Arrays.copyOf(arrivals, 2 * flows);
                    bytes = Arrays.copyOf(bytes, 2 * flows);
                }
                arrivals[flows] = t;
                bytes[flows++] = sizes.next();
            }
            return new Workload(Arrays.copyOf(arrivals, flows), Arrays.copyOf(bytes, flows));
        }
    }

    /** The number of sorted values &lt;= x. */
    private static int upperBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static void checkCapacity(Rate capacity) {
        if (capacity == null || !(capacity.bitsPerSecond() > 0) || capacity.bitsPerSecond() == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("capacity must be a positive finite rate, got " + capacity
                    + "; use the bottleneck's payload rate, e.g. Rate.mbps(50 * 1448 / 1500.0)");
        }
    }

    private static void checkLevels(double[] levels) {
        if (levels == null || levels.length == 0) {
            throw new IllegalArgumentException("levels must hold at least one stratum boundary, got "
                    + (levels == null ? "null" : "none") + "; e.g. {0.9, 0.99}");
        }
        for (int k = 0; k < levels.length; k++) {
            if (!(levels[k] > (k == 0 ? 0 : levels[k - 1]) && levels[k] < 1)) {
                throw new IllegalArgumentException("levels[" + k + "] is " + levels[k] + "; strata boundaries must be"
                        + " increasing nominal probabilities in (0, 1), e.g. {0.9, 0.99}");
            }
        }
    }
}
