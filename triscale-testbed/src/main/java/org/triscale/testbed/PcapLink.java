package org.triscale.testbed;

/**
 * The link-layer headers of the captures {@link PcapFlows} reads (tcpdump's LINKTYPE_ values):
 * where each packet's IP header starts.
 */
final class PcapLink {
    /** BSD loopback: a 4-byte address family in the capturing host's byte order. */
    static final int NULL = 0;
    /** Ethernet II, with up to two 802.1Q/802.1ad VLAN tags. */
    static final int ETHERNET = 1;
    /** Raw IPv4 or IPv6, told by the version field. */
    static final int RAW = 101;
    /** OpenBSD loopback: the address family in network byte order. */
    static final int LOOP = 108;
    /** Linux cooked capture v1 ({@code tcpdump -i any} before libpcap 1.10). */
    static final int SLL = 113;
    /** Raw IPv4. */
    static final int IPV4 = 228;
    /** Raw IPv6. */
    static final int IPV6 = 229;
    /** Linux cooked capture v2 ({@code tcpdump -i any} from libpcap 1.10). */
    static final int SLL2 = 276;

    /** The supported link types, for messages. */
    static final String SUPPORTED = "0 (BSD loopback), 1 (Ethernet), 101, 228, 229 (raw IP), 108 (OpenBSD loopback),"
            + " 113 (Linux cooked), 276 (Linux cooked v2)";

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int ETHERNET_HEADER = 14;
    private static final int SLL_HEADER = 16;
    private static final int SLL2_HEADER = 20;

    private PcapLink() {
    }

    static boolean supported(int linkType) {
        return switch (linkType) {
            case NULL, ETHERNET, RAW, LOOP, SLL, IPV4, IPV6, SLL2 -> true;
            default -> false;
        };
    }

    /**
     * Where the IP header of a packet starts.
     *
     * @return the offset of the IP header, or -1 when the packet is not IP (ARP, another
     *         protocol) or its link header was not captured whole
     */
    static int ipOffset(int linkType, byte[] data, int caplen) {
        return switch (linkType) {
            case NULL, LOOP -> caplen >= 4 ? 4 : -1; // the family is checked against the IP version by the caller
            case RAW, IPV4, IPV6 -> 0;
            case ETHERNET -> ethernet(data, caplen);
            case SLL -> caplen >= SLL_HEADER && isIp(u16(data, 14)) ? SLL_HEADER : -1;
            case SLL2 -> caplen >= SLL2_HEADER && isIp(u16(data, 0)) ? SLL2_HEADER : -1;
            default -> -1;
        };
    }

    private static int ethernet(byte[] data, int caplen) {
        int at = 12;
        for (int tags = 0; tags <= 2; tags++) {
            if (caplen < at + 2) {
                return -1;
            }
            int type = u16(data, at);
            if (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ) {
                at += 4;
                continue;
            }
            return isIp(type) ? at + 2 : -1;
        }
        return -1;
    }

    private static boolean isIp(int etherType) {
        return etherType == ETHERTYPE_IPV4 || etherType == ETHERTYPE_IPV6;
    }

    private static int u16(byte[] data, int at) {
        return (data[at] & 0xFF) << 8 | data[at + 1] & 0xFF;
    }
}
