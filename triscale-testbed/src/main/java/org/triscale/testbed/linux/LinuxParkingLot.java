package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A parking lot of Linux network namespaces: a chain of {@code h + 1} routers {@code r1 … r(h+1)}
 * whose {@code h} links are bottlenecks in tandem ({@code htb} at each hop's rate on the upstream
 * router's interface, with the chosen {@link Queue} as its child). Long senders enter at
 * {@code r1} and send to a receiver behind {@code r(h+1)}, crossing every bottleneck; at each hop
 * {@code k} cross senders enter at {@code r_k} and send to a receiver of their own behind
 * {@code r_(k+1)}, crossing bottleneck {@code k} only. The classic topology for multi-bottleneck
 * fairness (a long flow against one competitor per hop gets less than max-min fair shares under
 * loss-based CCAs).
 *
 * <p>Sender indices: the long senders first ({@link #longSender}: 0 to {@code n − 1}), then the
 * cross senders hop by hop ({@link #crossSender}). Addresses, all from 198.18.0.0/15: long sender
 * {@code i} is 198.18.(i+1).1, cross sender {@code j} of hop {@code k} 198.18.(100 + 8(k−1) + j).1,
 * the link from {@code r_k} to {@code r_(k+1)} 198.18.(200+k).1 and .2, the long flows' receiver
 * 198.19.0.1, the cross receiver of hop {@code k} 198.19.k.1. Routers route 198.19.0.0/16
 * downstream and 198.18.0.0/16 upstream. Delay, loss, offloads, ECN and CCAs as in a
 * {@link LinuxDumbbell}, for every sender.
 *
 * <pre>{@code
 * try (LinuxParkingLot bed = LinuxParkingLot.builder().hops(2).rate(TcRate.mbps(20)).queue(Queue.pfifo(100)).build()) {
 *     TcpFlows.Result result = TcpFlows.run(bed,
 *             List.of(bed.longSender(0), bed.crossSender(1), bed.crossSender(2)), List.of(), Duration.ofSeconds(1));
 * }
 * }</pre>
 *
 * <p>Cleanup as for every {@link LinuxTestBed}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class LinuxParkingLot extends LinuxTestBed {
    /** The most hops a parking lot may have. */
    public static final int MAX_HOPS = 8;
    private final Builder builder;

    private LinuxParkingLot(Builder settings, String prefix) {
        super(settings, prefix);
        this.builder = settings;
    }

    /** @return a builder with 2 hops of 50 Mbit/s, one long sender, one cross sender per hop, a 100-packet FIFO per hop */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the number of bottlenecks in tandem */
    public int hops() {
        return builder.hops;
    }

    /**
     * @param hop the hop, from 1
     * @return its bottleneck rate
     */
    public TcRate rate(int hop) {
        return builder.rateOf(builder.checkHop(hop));
    }

    /**
     * @param i the long sender, from 0
     * @return its sender index, for {@link TcpFlows#run} and {@link #sender}
     */
    public int longSender(int i) {
        if (i < 0 || i >= builder.longSenders) {
            throw new IllegalArgumentException("long sender " + i + " must be in [0, " + (builder.longSenders - 1) + "]");
        }
        return i;
    }

    /**
     * @param hop the hop, from 1
     * @return the sender index of the hop's first cross sender
     */
    public int crossSender(int hop) {
        return crossSender(hop, 0);
    }

    /**
     * @param hop the hop, from 1
     * @param j   the cross sender of that hop, from 0
     * @return its sender index, for {@link TcpFlows#run} and {@link #sender}
     */
    public int crossSender(int hop, int j) {
        builder.checkHop(hop);
        if (j < 0 || j >= builder.crossSenders) {
            throw new IllegalArgumentException("cross sender " + j + " of hop " + hop + " must be in [0, "
                    + (builder.crossSenders - 1) + "]");
        }
        return builder.longSenders + (hop - 1) * builder.crossSenders + j;
    }

    /**
     * @param k the router, 1 to {@code hops() + 1}
     * @return its namespace; router {@code k} holds bottleneck {@code k}
     */
    public String router(int k) {
        if (k < 1 || k > builder.hops + 1) {
            throw new IllegalArgumentException("router " + k + " must be in [1, " + (builder.hops + 1) + "]");
        }
        return prefix() + "r" + k;
    }

    @Override
    public String sender(int i) {
        return builder.senderNamespace(prefix(), checkSender(i));
    }

    @Override
    public String sourceAddress(int i) {
        return builder.senderSubnet(checkSender(i)) + ".1";
    }

    @Override
    public String destination(int i) {
        int hop = builder.hopOf(checkSender(i));
        return prefix() + (hop == 0 ? "rx" : "x" + hop);
    }

    @Override
    public String destinationAddress(int i) {
        return "198.19." + builder.hopOf(checkSender(i)) + ".1";
    }

    private int checkSender(int i) {
        if (i < 0 || i >= senders()) {
            throw new IllegalArgumentException("sender " + i + " must be in [0, " + (senders() - 1) + "]");
        }
        return i;
    }

    /** Describes a parking lot; {@link #commands(String)} gives the command lines without running them. */
    public static final class Builder extends BaseBuilder<Builder, LinuxParkingLot> {
        private int hops = 2;
        private int longSenders = 1;
        private int crossSenders = 1;
        private final Map<Integer, TcRate> hopRates = new TreeMap<>();

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * @param n the number of bottlenecks in tandem, 2 to {@value LinuxParkingLot#MAX_HOPS}
         * @return this builder
         */
        public Builder hops(int n) {
            if (n < 2 || n > MAX_HOPS) {
                throw new IllegalArgumentException("hops = " + n + " must be in [2, " + MAX_HOPS
                        + "]; for one bottleneck use LinuxDumbbell");
            }
            hops = n;
            return this;
        }

        /**
         * @param n the number of senders that cross every hop, 1 to 16
         * @return this builder
         */
        public Builder longSenders(int n) {
            if (n < 1 || n > 16) {
                throw new IllegalArgumentException("longSenders = " + n + " must be in [1, 16]");
            }
            longSenders = n;
            return this;
        }

        /**
         * @param perHop the number of cross senders entering at each hop, 1 to 8
         * @return this builder
         */
        public Builder crossSenders(int perHop) {
            if (perHop < 1 || perHop > 8) {
                throw new IllegalArgumentException("crossSenders = " + perHop + " must be in [1, 8]");
            }
            crossSenders = perHop;
            return this;
        }

        /**
         * @param hop   the hop, from 1 (at most {@link #hops}; checked when the commands are made)
         * @param value the hop's bottleneck rate instead of {@link #rate(TcRate)}'s, at most 500 Mbit/s
         * @return this builder
         */
        public Builder rate(int hop, TcRate value) {
            if (hop < 1 || hop > MAX_HOPS) {
                throw new IllegalArgumentException("rate(" + hop + ", ...): hop must be in [1, " + MAX_HOPS + "]");
            }
            hopRates.put(hop, checkRate("rate(" + hop + ", ...)", value));
            return this;
        }

        int checkHop(int hop) {
            if (hop < 1 || hop > hops) {
                throw new IllegalArgumentException("hop " + hop + " must be in [1, " + hops + "]");
            }
            return hop;
        }

        TcRate rateOf(int hop) {
            return hopRates.getOrDefault(hop, rate);
        }

        @Override
        TcRate slowestRate() {
            TcRate slowest = rateOf(1);
            for (int k = 2; k <= hops; k++) {
                slowest = rateOf(k).bitsPerSecond() < slowest.bitsPerSecond() ? rateOf(k) : slowest;
            }
            return slowest;
        }

        @Override
        int senderCount() {
            return longSenders + hops * crossSenders;
        }

        /** @return 0 for a long sender, else the hop of the cross sender */
        int hopOf(int sender) {
            return sender < longSenders ? 0 : (sender - longSenders) / crossSenders + 1;
        }

        String senderNamespace(String prefix, int sender) {
            int hop = hopOf(sender);
            return prefix + (hop == 0 ? "s" + (sender + 1) : "c" + hop + "s" + ((sender - longSenders) % crossSenders + 1));
        }

        String senderSubnet(int sender) {
            int hop = hopOf(sender);
            return "198.18." + (hop == 0 ? sender + 1 : 100 + 8 * (hop - 1) + (sender - longSenders) % crossSenders);
        }

        @Override
        void topology(String prefix, List<List<String>> c) {
            for (int hop : hopRates.keySet()) {
                if (hop > hops) {
                    throw new IllegalArgumentException("rate(" + hop + ", ...) names no hop; hops = " + hops);
                }
            }
            List<String> hosts = new ArrayList<>();
            for (int i = 0; i < senderCount(); i++) {
                hosts.add(senderNamespace(prefix, i));
            }
            hosts.add(prefix + "rx");
            for (int k = 1; k <= hops; k++) {
                hosts.add(prefix + "x" + k);
            }
            List<String> routers = new ArrayList<>();
            for (int k = 1; k <= hops + 1; k++) {
                routers.add(prefix + "r" + k);
            }
            namespaces(c, hosts, routers);
            for (int i = 0; i < senderCount(); i++) {
                int hop = hopOf(i);
                String dev = hop == 0 ? "s" + (i + 1) : "c" + ((i - longSenders) % crossSenders + 1);
                sender(c, i, hosts.get(i), routers.get(Math.max(hop, 1) - 1), dev, senderSubnet(i));
            }
            for (int k = 1; k <= hops; k++) {
                String up = routers.get(k - 1);
                String down = routers.get(k);
                String subnet = "198.18." + (200 + k);
                veth(c, up, "next", down, "prev", subnet);
                // Receivers downstream, senders upstream: the directly connected /24s are more specific.
                c.add(List.of("ip", "-n", up, "route", "add", "198.19.0.0/16", "via", subnet + ".2"));
                c.add(List.of("ip", "-n", down, "route", "add", "198.18.0.0/16", "via", subnet + ".1"));
                receiver(c, prefix + "x" + k, down, "x" + k, "198.19." + k);
                bottleneck(c, up, "next", rateOf(k));
            }
            receiver(c, prefix + "rx", routers.get(hops), "rx", "198.19.0");
        }

        @Override
        void describe(Map<String, String> t) {
            t.put("topology", "parking lot, " + hops + " hops (" + (hops + 1) + " routers), " + longSenders
                    + " long sender(s) across all hops, " + crossSenders + " cross sender(s) per hop (veth)");
            for (int k = 1; k <= hops; k++) {
                t.put("bottleneck.hop" + k, bottleneck(rateOf(k)));
            }
        }

        @Override
        LinuxParkingLot create(String prefix) {
            return new LinuxParkingLot(this, prefix);
        }
    }
}
