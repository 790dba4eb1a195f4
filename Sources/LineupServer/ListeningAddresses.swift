#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses a server listening on `host` can be reached at, as web addresses to open: for a wildcard
/// (`0.0.0.0`, `::`), each of this machine's own addresses on its networks, which phones can open, and the
/// loopback one for this machine; for any other host, that host alone.
public enum ListeningAddresses {
    /// One address of one of this machine's network interfaces.
    public struct InterfaceAddress: Sendable, Equatable {
        /// `192.168.1.20`, `2001:db8::5`, `fe80::1` (a link-local one without its zone).
        public var address: String
        /// `eth0`, `wlan0`.
        public var interface: String
        public var isIPv6: Bool
        public var isLoopback: Bool

        public init(address: String, interface: String, isIPv6: Bool, isLoopback: Bool) {
            self.address = address
            self.interface = interface
            self.isIPv6 = isIPv6
            self.isLoopback = isLoopback
        }

        /// In fe80::/10: reachable on its own link only, and only with the interface named.
        var isLinkLocal: Bool {
            guard isIPv6, let first = address.split(separator: ":").first, let value = UInt16(first, radix: 16)
            else { return false }
            return value & 0xffc0 == 0xfe80
        }
    }

    /// Every IPv4 and IPv6 address of the interfaces that are up (`getifaddrs`).
    public static func interfaceAddresses() -> [InterfaceAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [InterfaceAddress] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, let socketAddress = entry.pointee.ifa_addr else { continue }
            let family = Int32(socketAddress.pointee.sa_family)
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch family {
            case AF_INET:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { continue }
            case AF_INET6:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { continue }
            default:
                continue
            }
            let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            found.append(
                InterfaceAddress(
                    address: address, interface: String(cString: entry.pointee.ifa_name), isIPv6: family == AF_INET6,
                    isLoopback: flags & Int32(IFF_LOOPBACK) != 0 || ServerConfiguration.isLoopback(address)))
        }
        return found
    }

    /// True for the addresses that mean every interface: `0.0.0.0` and `::`.
    public static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"].contains(host)
    }

    /// The web addresses to open for a server listening on `host` and `port`, the ones for other machines
    /// first and this machine's loopback one last; `interfaces` are this machine's addresses.
    ///
    /// For `0.0.0.0`, the IPv4 addresses; for `::`, which Linux also opens to IPv4 (unless the system was set
    /// to keep IPv6 sockets to IPv6), the IPv4 and IPv6 ones. A
    /// link-local IPv6 address is listed (with its interface, `%25eth0`) only when the machine has no other
    /// IPv6 address beyond loopback, as few browsers open one. IPv6 addresses are bracketed.
    public static func urls(host: String, port: Int, interfaces: [InterfaceAddress]) -> [String] {
        guard isWildcard(host) else { return [url(host, port: port)] }
        let ipv6 = host != "0.0.0.0"
        let outside = interfaces.filter { !$0.isLoopback && (ipv6 || !$0.isIPv6) }
        let global = outside.filter { !$0.isLinkLocal }
        let chosen = global.contains(where: \.isIPv6) ? global : outside
        var urls: [String] = []
        for address in chosen.filter({ !$0.isIPv6 }) + chosen.filter(\.isIPv6) {
            let text = address.isLinkLocal ? "\(address.address)%25\(address.interface)" : address.address
            let candidate = url(text, port: port)
            if !urls.contains(candidate) { urls.append(candidate) }
        }
        urls.append(url("127.0.0.1", port: port))
        return urls
    }

    /// `http://192.168.1.20:8080/`, `http://[2001:db8::5]:8080/`.
    static func url(_ host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }
}
