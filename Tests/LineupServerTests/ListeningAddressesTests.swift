import Testing

@testable import LineupServer

/// The addresses `lineup serve` lists at start: those phones can open, never a wildcard.
@Suite("listening addresses", .serialized)
struct ListeningAddressesTests {
    typealias Address = ListeningAddresses.InterfaceAddress

    static let machine = [
        Address(address: "127.0.0.1", interface: "lo", isIPv6: false, isLoopback: true),
        Address(address: "::1", interface: "lo", isIPv6: true, isLoopback: true),
        Address(address: "192.168.1.20", interface: "wlan0", isIPv6: false, isLoopback: false),
        Address(address: "10.0.0.7", interface: "eth0", isIPv6: false, isLoopback: false),
        Address(address: "fe80::1c2:3ff:fe45:6789", interface: "wlan0", isIPv6: true, isLoopback: false),
        Address(address: "2001:db8::5", interface: "wlan0", isIPv6: true, isLoopback: false),
    ]

    @Test func everyIPv4AddressForTheIPv4Wildcard() {
        #expect(
            ListeningAddresses.urls(host: "0.0.0.0", port: 8080, interfaces: Self.machine) == [
                "http://192.168.1.20:8080/", "http://10.0.0.7:8080/", "http://127.0.0.1:8080/",
            ])
    }

    @Test func theIPv6WildcardAddsGlobalIPv6AddressesInBrackets() {
        #expect(
            ListeningAddresses.urls(host: "::", port: 80, interfaces: Self.machine) == [
                "http://192.168.1.20:80/", "http://10.0.0.7:80/", "http://[2001:db8::5]:80/", "http://127.0.0.1:80/",
            ])
    }

    @Test func aLinkLocalIPv6AddressOnlyWhenItIsAllThereIs() {
        let linkLocalOnly = Self.machine.filter { $0.address != "2001:db8::5" }
        #expect(
            ListeningAddresses.urls(host: "::", port: 80, interfaces: linkLocalOnly) == [
                "http://192.168.1.20:80/", "http://10.0.0.7:80/", "http://[fe80::1c2:3ff:fe45:6789%25wlan0]:80/",
                "http://127.0.0.1:80/",
            ])
    }

    @Test(arguments: [
        ("127.0.0.1", "http://127.0.0.1:8080/"), ("::1", "http://[::1]:8080/"),
        ("192.168.1.20", "http://192.168.1.20:8080/"), ("localhost", "http://localhost:8080/"),
    ])
    func anyOtherAddressIsListedAlone(host: String, url: String) {
        #expect(ListeningAddresses.urls(host: host, port: 8080, interfaces: Self.machine) == [url])
    }

    /// On this machine, the wildcard is never listed, and the loopback address comes last.
    @Test func thisMachinesAddressesNeverIncludeTheWildcard() {
        let interfaces = ListeningAddresses.interfaceAddresses()
        #expect(interfaces.contains { $0.address == "127.0.0.1" && $0.isLoopback })
        for host in ["0.0.0.0", "::"] {
            let urls = ListeningAddresses.urls(host: host, port: 8080, interfaces: interfaces)
            #expect(urls.last == "http://127.0.0.1:8080/")
            #expect(!urls.contains { $0.contains("0.0.0.0") || $0.contains("[::]") })
        }
    }
}
