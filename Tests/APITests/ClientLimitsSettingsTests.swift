import Foundation
import Kernel
import Server
import Store
import Testing
@testable import API
@testable import gottago

/// `--trusted-proxies`, `--client-rate`, `--client-burst` and `--api-keys`, and what `serve` makes of them.
@Suite struct ClientLimitsSettingsTests {
    func load(_ arguments: [String], env: [String: String] = [:]) throws -> Settings {
        try ConfigurationLoader(arguments: arguments, environment: env, readFile: { _ in nil }).load()
    }

    @Test func offByDefault() throws {
        let settings = try load([])
        #expect(settings.server.trustedProxies.isEmpty)
        #expect(settings.clientRate == 0 && settings.clientBurst == 0 && settings.apiKeysFile.isEmpty)
        #expect(try ClientLimitsSetup.make(settings).limits == nil)
    }

    @Test func optionsParseAndRefuseNonsense() throws {
        let settings = try load(["--trusted-proxies", "10.0.0.0/8, fd00::/8", "--client-rate", "2.5"], env: ["GOTTAGO_CLIENT_BURST": "7"])
        #expect(settings.server.trustedProxies.networks.blocks.map(\.description) == ["10.0.0.0/8", "fd00::/8"])
        #expect(settings.clientRate == 2.5 && settings.clientBurst == 7)
        #expect(try ClientLimitsSetup.make(settings).limits != nil)
        for bad in [["--trusted-proxies", "10.0.0.0/40"], ["--trusted-proxies", "proxy.local"], ["--client-rate", "-1"], ["--client-rate", "fast"], ["--client-burst", "-3"]] {
            #expect(throws: ConfigurationError.self) { try load(bad) }
        }
    }

    @Test func aKeysFileIsReadAndABadLineNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gottago-keys-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good").path, bad = directory.appendingPathComponent("bad").path
        try Files.write(Array("# keys\n\(SHA256.hex(Array("k1".utf8))) acme 5 20 1000\n".utf8), to: good)
        try Files.write(Array("\(SHA256.hex(Array("k1".utf8))) acme 5 20\n".utf8), to: bad)
        #expect(try ClientLimitsSetup.make(try load(["--api-keys", good])).limits?.takesKeys == true)
        #expect(throws: ConfigurationError.file(bad, line: 1, "expected `sha256-hex name rate burst daily-quota`")) {
            try ClientLimitsSetup.make(try load(["--api-keys", bad]))
        }
        #expect(throws: ConfigurationError.self) { try ClientLimitsSetup.make(try load(["--api-keys", directory.appendingPathComponent("none").path])) }
    }

    @Test(arguments: [
        "zz \(String(repeating: "0", count: 62)) a 1 1 0",
        "\(String(repeating: "0", count: 64)) bad/name 1 1 0",
        "\(String(repeating: "0", count: 64)) a 0 1 0",
        "\(String(repeating: "0", count: 64)) a 1 0 0",
        "\(String(repeating: "0", count: 64)) a 1 1 -1",
        "\(String(repeating: "0", count: 64)) a 1 1 0\n\(String(repeating: "0", count: 64)) b 1 1 0",
    ])
    func malformedKeyLinesAreRefused(text: String) {
        #expect(throws: APIKeys.ParseError.self) { try APIKeys(parsing: text) }
    }

    /// With Redis away the limits let requests through unlimited, and count them.
    @Test func redisAwayFailsOpen() async throws {
        let limits = ClientLimits(
            anonymous: RateRule(rate: 1, burst: 1), keys: nil, limiter: RedisRateLimiter(endpoint: try RedisEndpoint(parsing: "redis://127.0.0.1:1/0")))
        for _ in 0..<3 {
            guard case .admitted(let fields, let charged) = await limits.admit(ClientIdentity(address: "192.0.2.1", key: nil), cost: 1) else {
                Issue.record("refused while the store is away")
                continue
            }
            #expect(fields.count == 0 && charged == nil)
        }
        #expect(limits.prometheusText().contains("gottago_client_limit_store_failures_total 3"))
    }
}
