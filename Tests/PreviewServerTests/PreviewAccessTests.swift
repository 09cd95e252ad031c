import Testing

@testable import PreviewServer

/// The access rules on their own: token, `Host` (DNS rebinding) and `Origin`.
struct PreviewAccessTests {
    let access = PreviewAccess(token: "secret", hosts: ["127.0.0.1", "::1"], port: 8123)

    @Test func theTokenComesFromTheQueryOrTheCookie() {
        #expect(access.check(host: "127.0.0.1:8123", query: ["token": "secret"], cookieHeader: nil) == nil)
        #expect(
            access.check(host: "127.0.0.1:8123", query: [:], cookieHeader: "a=b; workbench-preview-8123=secret") == nil)
        #expect(access.check(host: "127.0.0.1:8123", query: [:], cookieHeader: nil) == .missingToken)
        #expect(access.check(host: "127.0.0.1:8123", query: ["token": "secreT"], cookieHeader: nil) == .missingToken)
        #expect(access.check(host: "127.0.0.1:8123", query: ["token": "secret2"], cookieHeader: nil) == .missingToken)
        // Another preview's cookie (another port) is not this one's.
        #expect(
            access.check(host: "127.0.0.1:8123", query: [:], cookieHeader: "workbench-preview-9000=secret")
                == .missingToken)
    }

    @Test func onlyTheListeningAddressesAndLocalhostWithThePortAreHosts() {
        for host in ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123", "[::1]:8123"] {
            #expect(access.check(host: host, query: ["token": "secret"], cookieHeader: nil) == nil, "\(host)")
        }
        for host in [
            "evil.example:8123", "127.0.0.1:80", "127.0.0.1", "localhost.evil.example:8123", "10.0.0.1:8123", "",
        ] {
            #expect(
                access.check(host: host, query: ["token": "secret"], cookieHeader: nil) == .foreignHost(host), "\(host)"
            )
        }
        #expect(access.check(host: nil, query: ["token": "secret"], cookieHeader: nil) == .foreignHost(nil))
    }

    @Test func aWildcardAddressTakesIPLiteralsButNoNames() {
        let open = PreviewAccess(token: "t", hosts: ["0.0.0.0"], port: 80)
        #expect(open.acceptsHost("192.168.1.5:80"))
        #expect(open.acceptsHost("[fe80::1]:80"))
        #expect(!open.acceptsHost("attacker.example:80"))
    }

    @Test func anUpgradeMustComeFromThePagesOwnOriginOrSayNone() {
        #expect(access.checkOrigin(nil, host: "127.0.0.1:8123") == nil)
        #expect(access.checkOrigin("http://127.0.0.1:8123", host: "127.0.0.1:8123") == nil)
        #expect(access.checkOrigin("http://localhost:8123", host: "localhost:8123") == nil)
        for origin in [
            "http://evil.example", "http://127.0.0.1:8124", "https://127.0.0.1:8123", "null", "http://localhost:8123",
        ] {
            #expect(access.checkOrigin(origin, host: "127.0.0.1:8123") == .foreignOrigin(origin), "\(origin)")
        }
    }

    @Test func tokensAreFreshAndLong() {
        let first = PreviewAccess.makeToken(), second = PreviewAccess.makeToken()
        #expect(first.count == 48 && first != second)
        #expect(first.allSatisfy { $0.isHexDigit })
    }
}
