package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A dumbbell of Linux network namespaces: {@code n} sender namespaces, a router namespace and a
 * receiver namespace joined by veth pairs, addresses from the benchmarking range 198.18.0.0/15
 * only (sender {@code i} is {@code 198.18.i.1}, the receiver {@code 198.19.0.1}). The router's
 * interface towards the receiver is the bottleneck: {@code htb} at the given rate with the chosen
 * {@link Queue} as its child. Delay is added by {@code netem} on the router's interfaces towards
 * the senders (the ACK path), loss by {@code netem} on each sender's interface (the data path).
 * Every veth end has {@code gso_max_size}/{@code gro_max_size} 1514 unless told otherwise, so
 * queued packets are at most one MTU. Each sender has its own congestion control (set per socket
 * by {@link TcpFlows}' long flows, and as the namespace's default where the kernel allows it),
 * ECN sysctl and {@code tcp_no_metrics_save=1}.
 *
 * <pre>{@code
 * try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(TcRate.mbps(50))
 *         .queue(Queue.pfifo(100)).congestionControl(0, "cubic").congestionControl(1, "bbr").build()) {
 *     bed.testBed().forEach(run::testBed);
 *     TcpFlows.Result result = TcpFlows.run(bed, List.of(0, 1), List.of(), Duration.ofSeconds(1));
 * }
 * }</pre>
 *
 * <p>Everything it creates lives in its namespaces and is removed on {@link #close()}, on a failed
 * build, on JVM exit and after a {@code kill -9} by the next build: see {@link LinuxTestBed}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class LinuxDumbbell extends LinuxTestBed {
    private LinuxDumbbell(Builder settings, String prefix) {
        super(settings, prefix);
    }

    /** @return a builder with one sender, 50 Mbit/s, no added delay, a 100-packet FIFO, ECN off, packets of at most one MTU */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String sender(int i) {
        return prefix() + "s" + (i + 1);
    }

    /** @return the router's namespace, which holds the bottleneck */
    public String router() {
        return prefix() + "rt";
    }

    /** @return the receiver's namespace */
    public String receiver() {
        return prefix() + "rx";
    }

    /** @return the receiver's address, 198.19.0.1 */
    public static String receiverAddress() {
        return "198.19.0.1";
    }

    /**
     * @param i the sender's index, from 0
     * @return the sender's address, 198.18.(i+1).1
     */
    public static String senderAddress(int i) {
        return "198.18." + (i + 1) + ".1";
    }

    @Override
    public String sourceAddress(int i) {
        return senderAddress(i);
    }

    /** @return the receiver's namespace, for every sender */
    @Override
    public String destination(int i) {
        return receiver();
    }

    /** @return the receiver's address, for every sender */
    @Override
    public String destinationAddress(int i) {
        return receiverAddress();
    }

    /** Describes a dumbbell; {@link #commands(String)} gives the command lines without running them. */
    public static final class Builder extends BaseBuilder<Builder, LinuxDumbbell> {
        private int senders = 1;

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * @param n the number of sender namespaces, 1 to 16
         * @return this builder
         */
        public Builder senders(int n) {
            if (n < 1 || n > 16) {
                throw new IllegalArgumentException("senders = " + n + " must be in [1, 16]");
            }
            senders = n;
            return this;
        }

        @Override
        int senderCount() {
            return senders;
        }

        @Override
        void topology(String prefix, List<List<String>> c) {
            String rt = prefix + "rt";
            String rx = prefix + "rx";
            List<String> hosts = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                hosts.add(prefix + "s" + (i + 1));
            }
            hosts.add(rx);
            namespaces(c, hosts, List.of(rt));
            for (int i = 0; i < senders; i++) {
                sender(c, i, hosts.get(i), rt, "s" + (i + 1), "198.18." + (i + 1));
            }
            receiver(c, rx, rt, "rx", "198.19.0");
            bottleneck(c, rt, "rx", rate);
        }

        @Override
        void describe(Map<String, String> t) {
            t.put("topology", "dumbbell, " + senders + " sender(s), router, receiver (veth)");
            t.put("bottleneck", bottleneck(rate));
        }

        @Override
        LinuxDumbbell create(String prefix) {
            return new LinuxDumbbell(this, prefix);
        }
    }
}
