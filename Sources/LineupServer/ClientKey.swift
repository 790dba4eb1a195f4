import Foundation

/// What limits are counted against for one client: its IPv4 address, or the /64 network of its IPv6 address,
/// since one IPv6 client is given a whole /64 and could otherwise take a new address for every connection or
/// every guess. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
enum ClientKey {
    static func of(_ address: String) -> String {
        guard address.contains(":") else { return address }
        var bytes = in6_addr()
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let octets = withUnsafeBytes(of: &bytes) { Array($0) }
        if octets[0..<10].allSatisfy({ $0 == 0 }), octets[10] == 0xFF, octets[11] == 0xFF {
            return octets[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(octets[$0]) << 8 | UInt16(octets[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
