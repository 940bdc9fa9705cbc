import Testing
@testable import Upstream

@Suite("UpstreamPolicy: origin")
struct UpstreamPolicyTests {
    @Test("an origin replaces scheme, host and port, and keeps path and query",
          arguments: [
              ("https://router.project-osrm.org/route/v1/driving/7,46;8,47?steps=true", "http://127.0.0.1:9000/route/v1/driving/7,46;8,47?steps=true"),
              ("http://fahrplan.sbb.ch:8080/bin/extxml.exe", "http://127.0.0.1:9000/bin/extxml.exe"),
              ("http://example.org?q=1", "http://127.0.0.1:9000?q=1"),
              ("http://example.org", "http://127.0.0.1:9000"),
          ])
    func redirecting(_ url: String, _ expected: String) {
        var policy = UpstreamPolicy()
        #expect(policy.redirecting(url) == url)
        policy.origin = "http://127.0.0.1:9000"
        #expect(policy.redirecting(url) == expected)
    }

    @Test("only http(s)://host[:port] is an origin")
    func origins() {
        for good in ["http://127.0.0.1:9000", "https://mirror.example.org", "http://[::1]:8080"] { #expect(UpstreamPolicy.isOrigin(good), "\(good)") }
        for bad in ["ftp://x", "http://", "http://x/", "http://x/path", "http://user@x", "http://x?q", "127.0.0.1:9000", "http://a b"] {
            #expect(!UpstreamPolicy.isOrigin(bad), "\(bad)")
        }
    }
}
