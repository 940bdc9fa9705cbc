import Testing
@testable import Fetch
import HTTPTesting

/// The fetcher against a real loopback upstream with failure modes.
@Suite("CurlFetcher", .serialized)
struct CurlFetcherTests {
    private func fetcher(_ adjust: (inout FetchConfiguration) -> Void = { _ in }) throws -> CurlFetcher {
        var configuration = FetchConfiguration()
        configuration.userAgent = "gottago-test (ops@example.invalid)"
        adjust(&configuration)
        return try CurlFetcher(configuration: configuration)
    }

    private func failure(_ fetcher: CurlFetcher, _ url: String) async -> FetchError? {
        do {
            _ = try await fetcher.fetch(FetchRequest(url: url))
            return nil
        } catch {
            return error
        }
    }

    @Test func getsAnswersWithStatusHeadersAndBody() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            let response = try await fetcher.fetch(FetchRequest(url: upstream.base + "/ok"))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "hello")
            #expect(response.header("content-type") == "text/plain; charset=utf-8")
            let missing = try await fetcher.fetch(FetchRequest(url: upstream.base + "/status/503?retry_after=7"))
            #expect(missing.status == 503)
            #expect(missing.header("Retry-After") == "7")
        }
    }

    @Test func decompressesTransparentlyAndCapsTheDecodedSize() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher { $0.maxBodyBytes = 100_000 }
            let fits = try await fetcher.fetch(FetchRequest(url: upstream.base + "/big?bytes=90000"))
            #expect(fits.body.count == 90_000)
            // The upstream gzips this body; the cap counts the decoded bytes.
            #expect(await failure(fetcher, upstream.base + "/big?bytes=5000000")?.kind == .tooLarge)
            let truncated = await failure(fetcher, upstream.base + "/gzip-truncated")
            #expect(truncated?.kind == .badEncoding, "\(String(describing: truncated))")
            let garbage = try await fetcher.fetch(FetchRequest(url: upstream.base + "/garbage"))
            #expect(garbage.body.count == 600)
        }
    }

    @Test func timesOutAndFailsToConnectWithDistinctKinds() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher {
                $0.totalTimeout = 0.5
                $0.connectTimeout = 0.5
            }
            #expect(await failure(fetcher, upstream.base + "/hang")?.kind == .timeout)
            // A port nobody listens on: the upstream's own port after it stopped is racy, so use 1.
            #expect(await failure(fetcher, "http://127.0.0.1:1/x")?.kind == .unreachable)
            #expect(await failure(fetcher, "ftp://127.0.0.1/x")?.kind == .invalidURL)
            #expect(await failure(fetcher, "file:///etc/passwd")?.kind == .invalidURL)
        }
    }

    @Test func followsRedirectsOnlyWithinBoundsAndHosts() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            let moved = try await fetcher.fetch(FetchRequest(url: upstream.base + "/redirect-to?url=/ok"))
            #expect(moved.status == 200)
            #expect(moved.redirects == 1)
            #expect(moved.url == upstream.base + "/ok")
            #expect(await failure(fetcher, upstream.base + "/redirect/0")?.kind == .tooManyRedirects)
            let foreign = await failure(fetcher, upstream.base + "/redirect-to?url=http://upstream.invalid/x")
            #expect(foreign?.kind == .redirectRefused)
            #expect(foreign?.message.contains("upstream.invalid") == true)
            let local = await failure(fetcher, upstream.base + "/redirect-to?url=file:///etc/passwd")
            #expect(local?.kind == .redirectRefused)
        }
    }

    @Test func postsBodiesAndHeaders() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            let request = FetchRequest(method: "POST", url: upstream.base + "/echo", headers: [("X-Test", "yes")], body: Array("<ReqC/>".utf8))
            let response = try await fetcher.fetch(request)
            #expect(String(decoding: response.body, as: UTF8.self) == "POST yes <ReqC/>")
            let bad = FetchRequest(url: upstream.base + "/ok", headers: [("X-Test", "a\r\nX-Evil: 1")])
            await #expect(throws: FetchError.self) { try await fetcher.fetch(bad) }
        }
    }

    @Test func cancellingTheCallerAbortsTheTransferAtOnce() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher { $0.totalTimeout = 20 }
            let task = Task { try await fetcher.fetch(FetchRequest(url: upstream.base + "/feed?ms=30000")) }
            // Once the upstream holds the request; then `cancelled`, never the 20 s timeout's `timeout`.
            while upstream.hits.value < 1 { await Task.yield() }
            task.cancel()
            let result = await task.result
            guard case .failure(let error as FetchError) = result else {
                Issue.record("expected a cancellation, got \(result)")
                return
            }
            #expect(error.kind == .cancelled)
            // The fetcher keeps working afterwards.
            #expect(try await fetcher.fetch(FetchRequest(url: upstream.base + "/ok")).status == 200)
        }
    }

    @Test func manyConcurrentRequestsEachGetTheirOwnAnswer() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            let statuses = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let code = 200 + index % 7
                        return (code, try await fetcher.fetch(FetchRequest(url: upstream.base + "/status/\(code)")).status)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count == 200)
            #expect(statuses.allSatisfy { $0.0 == $0.1 })
        }
    }

    @Test func shutdownFailsWaitingRequestsAndRefusesNewOnes() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher { $0.totalTimeout = 20 }
            let waiting = Task { try await fetcher.fetch(FetchRequest(url: upstream.base + "/feed?ms=30000")) }
            while upstream.hits.value < 1 { await Task.yield() }
            fetcher.shutdown()
            guard case .failure(let error as FetchError) = await waiting.result else { Issue.record("expected a failure"); return }
            #expect(error.kind == .cancelled)
            #expect(await failure(fetcher, upstream.base + "/ok")?.kind == .cancelled)
            // A fetcher whose thread never started (no request yet) refuses as well.
            let unused = try self.fetcher { _ in }
            unused.shutdown()
            #expect(await failure(unused, upstream.base + "/ok")?.kind == .cancelled)
        }
    }

    @Test func socketLevelFaultsGiveTheirKinds() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let fetcher = try fetcher { $0.totalTimeout = 0.5 }
        #expect(await failure(fetcher, faults.base + "/reset")?.kind == .connectionLost)
        #expect(await failure(fetcher, faults.base + "/cut")?.kind == .truncated)
        #expect(await failure(fetcher, faults.base + "/drip")?.kind == .timeout)
        #expect(try await fetcher.fetch(FetchRequest(url: faults.base + "/other")).status == 404)
    }
}
