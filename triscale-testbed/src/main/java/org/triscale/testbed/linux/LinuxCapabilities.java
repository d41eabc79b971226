package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the running kernel and user offer a {@link LinuxTestBed}, found by trying: root, whether a
 * network namespace can be made, which qdiscs {@code tc} can add, which congestion controls the
 * kernel has and which of them a namespace may take as its default (inside a namespace only those
 * of {@code net.ipv4.tcp_allowed_congestion_control} are allowed), and whether {@code iperf3} is
 * installed. Qdiscs and CCAs are probed on demand in a throw-away namespace and remembered for the JVM.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class LinuxCapabilities {
    private static LinuxCapabilities probed;

    private final boolean root;
    private final String namespaceError;
    private final String kernel;
    private final Map<String, Optional<String>> qdiscs = new LinkedHashMap<>();
    private final Map<String, Optional<String>> ccas = new LinkedHashMap<>();
    private final Map<String, Optional<String>> tools = new LinkedHashMap<>();
    /** The search path the programs are looked up on: the one {@link ProcessBuilder} uses. */
    private final String path;

    private LinuxCapabilities() {
        this(System.getenv("PATH"));
    }

    /**
     * Probes with a given search path, so that a test can leave a program out.
     *
     * @param path the {@code PATH} to look {@code ip}, {@code tc}, {@code sysctl} and tools up on
     */
    LinuxCapabilities(String path) {
        this.path = path == null ? "" : path;
        root = "root".equals(System.getProperty("user.name"));
        kernel = read("/proc/sys/kernel/osrelease").orElse(System.getProperty("os.name") + " " + System.getProperty("os.version"));
        if (!System.getProperty("os.name").startsWith("Linux")) {
            namespaceError = "not Linux (" + System.getProperty("os.name") + ")";
        } else if (!root) {
            namespaceError = "not root (user " + System.getProperty("user.name") + "); network namespaces need root";
        } else if (program("ip").isPresent()) {
            namespaceError = program("ip").get();
        } else {
            String ns = probeNamespace();
            Commands.Outcome add = Commands.run(List.of("ip", "netns", "add", ns));
            Commands.run(List.of("ip", "netns", "delete", ns));
            namespaceError = add.ok() ? null : "cannot create a network namespace (" + add.describe() + ")";
        }
    }

    /** @return the capabilities of this machine, probed once per JVM */
    public static synchronized LinuxCapabilities probe() {
        if (probed == null) {
            probed = new LinuxCapabilities();
        }
        return probed;
    }

    /** @return the kernel release ({@code uname -r}) */
    public String kernel() {
        return kernel;
    }

    /** @return why no dumbbell can be made here, or empty when namespaces work */
    public Optional<String> namespaces() {
        return Optional.ofNullable(namespaceError);
    }

    /**
     * @param kind a qdisc kernel name
     * @return empty when {@code tc} can add it, else what was tried and what the kernel said
     */
    public synchronized Optional<String> qdisc(String kind) {
        Optional<String> tc = program("tc");
        if (tc.isPresent()) {
            // Without tc no qdisc can be tried: say so, not that the kernel lacks it.
            return Optional.of(tc.get() + " (needed to add qdisc " + kind + ")");
        }
        return qdiscs.computeIfAbsent(kind, k -> tryInNamespace(List.of("tc", "qdisc", "add", "dev", "lo", "root", k),
                "qdisc " + k + " not in this kernel"));
    }

    /**
     * Whether the kernel has a congestion control for per-socket use ({@code TCP_CONGESTION}, as
     * {@code iperf3 -C} sets it for the long flows): it is in {@code tcp_available_congestion_control},
     * or a namespace may take it as its default (which loads its module).
     *
     * @param cca a congestion-control name
     * @return empty when the kernel has it, else what was tried and what is available
     */
    public synchronized Optional<String> cca(String cca) {
        if (available(cca)) {
            return Optional.empty();
        }
        Optional<String> asDefault = namespaceDefaultCca(cca);
        if (asDefault.isEmpty() || available(cca)) {
            // Trying it as a namespace's default loads its module even where the kernel then refuses.
            return Optional.empty();
        }
        return asDefault.map(reason -> "congestion control " + cca + " not in this kernel ("
                + reason.substring(reason.indexOf("(tried:") + 1));
    }

    /**
     * Whether a namespace may take a congestion control as its default, which the Java flows of a
     * {@link TcpFlows.Flow} workload use: inside a namespace only those of
     * {@code net.ipv4.tcp_allowed_congestion_control} are allowed.
     *
     * @param cca a congestion-control name
     * @return empty when it may, else the reason, with the available and the allowed lists
     */
    public synchronized Optional<String> namespaceDefaultCca(String cca) {
        Optional<String> sysctl = program("sysctl");
        if (sysctl.isPresent()) {
            return Optional.of(sysctl.get() + " (needed to set congestion control " + cca + ")");
        }
        return ccas.computeIfAbsent(cca, k -> {
            Optional<String> failure = tryInNamespace(List.of("sysctl", "-w", "net.ipv4.tcp_congestion_control=" + k),
                    "congestion control " + k + " cannot be a namespace's default");
            return failure.map(reason -> reason + "; available: " + read("/proc/sys/net/ipv4/tcp_available_congestion_control").orElse("?")
                    + ", allowed in namespaces: " + read("/proc/sys/net/ipv4/tcp_allowed_congestion_control").orElse("?"));
        });
    }

    /**
     * @param program a program the traffic needs, e.g. {@code iperf3} for long flows
     * @return empty when it is on the search path and runs ({@code program --version}), else the
     *         reason ({@code program iperf3 not found on PATH}, or what running it said) with the install hint
     */
    public synchronized Optional<String> tool(String program) {
        return tools.computeIfAbsent(program, k -> {
            Optional<String> found = program(k);
            if (found.isPresent()) {
                return Optional.of(found.get() + "; e.g. apt-get install " + k);
            }
            Commands.Outcome outcome = Commands.run(List.of(k, "--version"));
            return outcome.ok() ? Optional.empty()
                    : Optional.of(k + " does not run (tried: " + outcome.describe() + "); reinstall it, e.g. apt-get install " + k);
        });
    }

    /**
     * Whether a program is on the search path: an executable regular file in one of its folders.
     * The set-up runs {@code ip}, {@code tc} and {@code sysctl}; without one, what it would have
     * made cannot be tried, and the reason says which program is missing rather than which qdisc.
     *
     * @param program a program name, e.g. {@code tc}
     * @return empty when found, else {@code program tc not found on PATH (...)} with the package that has it
     */
    public Optional<String> program(String program) {
        Checks.notNull("program", program);
        if (program.isEmpty() || program.contains("/")) {
            throw new IllegalArgumentException("program '" + program + "' must be a bare program name, e.g. tc");
        }
        for (String folder : path.split(java.io.File.pathSeparator)) {
            if (folder.isEmpty()) {
                continue;
            }
            Path file = Path.of(folder).resolve(program);
            if (Files.isRegularFile(file) && Files.isExecutable(file)) {
                return Optional.empty();
            }
        }
        String hint = switch (program) {
            case "ip", "tc", "ss" -> "; install iproute2, e.g. apt-get install iproute2";
            case "sysctl" -> "; install procps, e.g. apt-get install procps";
            default -> "";
        };
        return Optional.of("program " + program + " not found on PATH (" + path + ")" + hint);
    }

    private static boolean available(String cca) {
        return List.of(read("/proc/sys/net/ipv4/tcp_available_congestion_control").orElse("").split("\\s+")).contains(cca);
    }

    /**
     * @param requirement qdiscs and CCAs needed
     * @return the reasons the requirement is not met, empty when it is
     */
    public List<String> missing(Requirement requirement) {
        List<String> reasons = new ArrayList<>();
        if (namespaceError != null) {
            reasons.add(namespaceError);
            return reasons;
        }
        requirement.qdiscs().forEach(q -> qdisc(q).ifPresent(reasons::add));
        requirement.ccas().forEach(c -> cca(c).ifPresent(reasons::add));
        requirement.namespaceCcas().forEach(c -> namespaceDefaultCca(c).ifPresent(reasons::add));
        requirement.tools().forEach(t -> tool(t).ifPresent(reasons::add));
        return reasons;
    }

    /**
     * @param requirement qdiscs and CCAs needed
     * @throws MissingCapabilityException naming every missing piece
     */
    public void require(Requirement requirement) {
        List<String> reasons = missing(requirement);
        if (!reasons.isEmpty()) {
            throw new MissingCapabilityException(String.join("; ", reasons));
        }
    }

    /** @return a report of what was probed so far, for the test-bed fingerprint */
    public synchronized Map<String, String> report() {
        Map<String, String> report = new LinkedHashMap<>();
        report.put("kernel", kernel);
        report.put("namespaces", namespaceError == null ? "yes" : namespaceError);
        qdiscs.forEach((k, v) -> report.put("qdisc." + k, v.isEmpty() ? "yes" : "no"));
        ccas.forEach((k, v) -> report.put("cca." + k + ".namespaceDefault", v.isEmpty() ? "yes" : "no"));
        report.put("cca.available", read("/proc/sys/net/ipv4/tcp_available_congestion_control").orElse("?"));
        tools.forEach((k, v) -> report.put("tool." + k, v.isEmpty() ? "yes" : "no"));
        return report;
    }

    private Optional<String> tryInNamespace(List<String> command, String what) {
        if (namespaceError != null) {
            return Optional.of(what + ": " + namespaceError);
        }
        String ns = probeNamespace();
        Commands.run(List.of("ip", "netns", "add", ns));
        try {
            List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", ns));
            full.addAll(command);
            Commands.Outcome outcome = Commands.run(full);
            return outcome.ok() ? Optional.empty() : Optional.of(what + " (tried: " + outcome.describe() + ")");
        } finally {
            Commands.run(List.of("ip", "netns", "delete", ns));
        }
    }

    private static String probeNamespace() {
        return LinuxTestBed.PREFIX + LinuxTestBed.OWNER + "-999999-probe";
    }

    private static Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file)).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * What a test needs of the kernel and the machine.
     *
     * @param qdiscs        qdisc kernel names
     * @param ccas          congestion controls for per-socket use (long flows)
     * @param namespaceCcas congestion controls a sender namespace must take as its default (workload flows)
     * @param tools         programs, e.g. {@code iperf3}
     */
    public record Requirement(List<String> qdiscs, List<String> ccas, List<String> namespaceCcas, List<String> tools) {
        /** Copies the lists. */
        public Requirement {
            Checks.notNull("qdiscs", qdiscs);
            Checks.notNull("ccas", ccas);
            Checks.notNull("namespaceCcas", namespaceCcas);
            Checks.notNull("tools", tools);
            qdiscs = List.copyOf(qdiscs);
            ccas = List.copyOf(ccas);
            namespaceCcas = List.copyOf(namespaceCcas);
            tools = List.copyOf(tools);
        }

        /**
         * @param qdiscs qdisc kernel names
         * @param ccas   congestion controls for per-socket use
         */
        public Requirement(List<String> qdiscs, List<String> ccas) {
            this(qdiscs, ccas, List.of(), List.of());
        }
    }

    /** Thrown when the kernel or user lacks something a dumbbell needs; the message says what and why. */
    public static final class MissingCapabilityException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingCapabilityException(String message) {
            super(message);
        }
    }
}
