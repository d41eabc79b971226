package org.triscale.samples.ns3;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Congestion-control algorithms the ns-3 dumbbell scenario can run, with the name the scenario
 * takes on its command line and the ns-3 {@code TypeId} it maps to.
 */
public enum Cca {
    /** TCP NewReno (RFC 6582), {@code ns3::TcpNewReno}. */
    NEW_RENO("NewReno", "ns3::TcpNewReno"),
    /** CUBIC (RFC 8312), {@code ns3::TcpCubic}. */
    CUBIC("Cubic", "ns3::TcpCubic"),
    /** BBR v1, {@code ns3::TcpBbr}; in ns-3.37 some flows can stall for good after an RTO. */
    BBR("Bbr", "ns3::TcpBbr"),
    /** TCP Vegas, {@code ns3::TcpVegas}. */
    VEGAS("Vegas", "ns3::TcpVegas"),
    /** DCTCP (RFC 8257), {@code ns3::TcpDctcp}; the bottleneck then marks ECN at a threshold. */
    DCTCP("Dctcp", "ns3::TcpDctcp");

    private final String scenarioName;
    private final String typeId;

    Cca(String scenarioName, String typeId) {
        this.scenarioName = scenarioName;
        this.typeId = typeId;
    }

    /**
     * The name the scenario's {@code --cca} option and its output use.
     *
     * @return e.g. {@code Cubic}
     */
    public String scenarioName() {
        return scenarioName;
    }

    /**
     * The ns-3 congestion-control {@code TypeId}.
     *
     * @return e.g. {@code ns3::TcpCubic}
     */
    public String typeId() {
        return typeId;
    }

    /**
     * Looks a CCA up by its scenario name.
     *
     * @param name a scenario name such as {@code Cubic}
     * @return the CCA
     * @throws IllegalArgumentException if no CCA has that name
     */
    public static Cca ofScenarioName(String name) {
        for (Cca cca : values()) {
            if (cca.scenarioName.equals(name)) {
                return cca;
            }
        }
        throw new IllegalArgumentException("unknown CCA name '" + name + "'; valid names: "
                + Arrays.stream(values()).map(Cca::scenarioName).collect(Collectors.joining(", ")));
    }
}
