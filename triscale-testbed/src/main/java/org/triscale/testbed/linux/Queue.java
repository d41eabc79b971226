package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

/**
 * The queueing discipline of the bottleneck, installed by {@code tc} as the child of the rate
 * shaper ({@code htb}). {@link #kind()} is the kernel's name of the qdisc, {@link #arguments()}
 * its parameters; ECN marking is switched on by {@link #withEcn(boolean)} where the qdisc has it.
 *
 * @param kind      the qdisc's kernel name ({@code pfifo}, {@code fq_codel}, ...)
 * @param arguments its {@code tc} parameters, without {@code ecn}
 * @param ecnFlag   the parameter that turns ECN marking on ({@code "ecn"}), or empty when the qdisc
 *                  never marks (FIFOs)
 * @param ecn       whether ECN marking is on
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Queue(String kind, List<String> arguments, String ecnFlag, boolean ecn) {
    /** Checks that no part is null and copies the list. */
    public Queue {
        Checks.notNull("kind", kind);
        Checks.notNull("arguments", arguments);
        Checks.notNull("ecnFlag", ecnFlag);
        if (arguments.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException("arguments " + arguments + " hold null; give the tc words of the qdisc");
        }
        arguments = List.copyOf(arguments);
    }

    /**
     * A drop-tail FIFO counted in packets.
     *
     * @param packets the buffer, at least 1
     * @return the queue
     */
    public static Queue pfifo(int packets) {
        positive("packets", packets);
        return new Queue("pfifo", List.of("limit", Integer.toString(packets)), "", false);
    }

    /**
     * A drop-tail FIFO counted in bytes.
     *
     * @param bytes the buffer, at least 1
     * @return the queue
     */
    public static Queue bfifo(int bytes) {
        positive("bytes", bytes);
        return new Queue("bfifo", List.of("limit", Integer.toString(bytes)), "", false);
    }

    /**
     * fq_codel (RFC 8290) with the kernel's defaults for target and interval.
     *
     * @param limitPackets the packet limit, at least 1
     * @return the queue
     */
    public static Queue fqCodel(int limitPackets) {
        positive("limitPackets", limitPackets);
        return new Queue("fq_codel", List.of("limit", Integer.toString(limitPackets)), "ecn", false);
    }

    /**
     * fq_codel with one flow queue: a single shared CoDel queue, the RFC 3168 AQM of the tsvwg tests.
     *
     * @param limitPackets the packet limit, at least 1
     * @return the queue
     */
    public static Queue fqCodelFlows1(int limitPackets) {
        positive("limitPackets", limitPackets);
        return new Queue("fq_codel", List.of("limit", Integer.toString(limitPackets), "flows", "1"), "ecn", false);
    }

    /** @return CAKE without its own shaper (the htb parent shapes) */
    public static Queue cake() {
        return new Queue("cake", List.of("unlimited"), "", false);
    }

    /**
     * PIE (RFC 8033).
     *
     * @param limitPackets the packet limit, at least 1
     * @return the queue
     */
    public static Queue pie(int limitPackets) {
        positive("limitPackets", limitPackets);
        return new Queue("pie", List.of("limit", Integer.toString(limitPackets)), "ecn", false);
    }

    /**
     * FQ-PIE.
     *
     * @param limitPackets the packet limit, at least 1
     * @return the queue
     */
    public static Queue fqPie(int limitPackets) {
        positive("limitPackets", limitPackets);
        return new Queue("fq_pie", List.of("limit", Integer.toString(limitPackets)), "ecn", false);
    }

    /**
     * RED with byte thresholds; {@code bandwidth} tells RED the link rate for its idle estimate.
     *
     * <p>The burst, in packets of {@value #RED_AVPKT} bytes, is the one tc-red(8) recommends,
     * {@code (2 min + max) / (3 avpkt) + 1}, computed in {@code long}: the sum of thresholds near
     * {@link Integer#MAX_VALUE} does not fit an {@code int}.
     *
     * @param minBytes   the lower threshold, from 1
     * @param maxBytes   the upper threshold, above {@code minBytes}
     * @param limitBytes the hard limit, above {@code maxBytes} and at most {@value #RED_MAX_LIMIT} bytes
     * @param rate       the bottleneck rate
     * @return the queue
     * @throws IllegalArgumentException naming the threshold out of range
     */
    public static Queue red(int minBytes, int maxBytes, int limitBytes, TcRate rate) {
        positive("minBytes", minBytes);
        Checks.notNull("rate", rate);
        if (maxBytes <= minBytes || limitBytes <= maxBytes) {
            throw new IllegalArgumentException("red thresholds must rise: min " + minBytes + " < max " + maxBytes
                    + " < limit " + limitBytes + " bytes");
        }
        if (limitBytes > RED_MAX_LIMIT) {
            throw new IllegalArgumentException("red limitBytes = " + limitBytes + " must be at most " + RED_MAX_LIMIT
                    + " bytes (1 GiB, some seconds of the fastest bottleneck); give thresholds of a few bandwidth-delay products");
        }
        long burst = (2L * minBytes + maxBytes) / (3L * RED_AVPKT) + 1;
        return new Queue("red", List.of("limit", Integer.toString(limitBytes), "min", Integer.toString(minBytes),
                "max", Integer.toString(maxBytes), "avpkt", Integer.toString(RED_AVPKT), "burst",
                Long.toString(burst), "bandwidth", rate.tc()), "ecn", false);
    }

    /** The average packet size RED is told, in bytes: one MTU-sized packet. */
    public static final int RED_AVPKT = 1500;
    /** The largest hard limit of a RED queue, in bytes (1 GiB). */
    public static final int RED_MAX_LIMIT = 1 << 30;

    /** @return DualPI2 (RFC 9332), which always classifies ECT(1) to its L4S queue */
    public static Queue dualpi2() {
        return new Queue("dualpi2", List.of(), "", false);
    }

    /**
     * The same queue with ECN marking on or off.
     *
     * @param on whether to mark instead of drop where the qdisc can
     * @return the queue
     */
    public Queue withEcn(boolean on) {
        return new Queue(kind, arguments, ecnFlag, on);
    }

    /** @return the {@code tc} words after the qdisc kind: the arguments plus {@code ecn} when on */
    public List<String> tcArguments() {
        List<String> words = new ArrayList<>(arguments);
        if (ecn && !ecnFlag.isEmpty()) {
            words.add(ecnFlag);
        }
        return List.copyOf(words);
    }

    @Override
    public String toString() {
        List<String> words = new ArrayList<>();
        words.add(kind);
        words.addAll(tcArguments());
        return String.join(" ", words);
    }

    private static void positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " = " + value + " must be at least 1");
        }
    }
}
