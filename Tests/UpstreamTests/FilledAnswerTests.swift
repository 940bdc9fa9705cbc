import Fetch
import HTTPTesting
import Scrape
import Store
import Synchronization
import Testing
@testable import Upstream

/// A cache that keeps every entry with bytes no extraction decodes from, and counts its reads and
/// writes: an answer that came through it was never decoded from it.
final class UnreadableCache: CacheDriver {
    let name = "unreadable"
    private let inner: MemoryCache
    let gets = Atomic<Int>(0)
    let sets = Atomic<Int>(0)

    init(now: @escaping @Sendable () -> Int64) {
        inner = MemoryCache(now: now)
    }

    func get(_ key: String) async -> CacheEntry? {
        gets.add(1, ordering: .relaxed)
        return inner.get(key)
    }

    func set(_ key: String, _ entry: CacheEntry) async {
        sets.add(1, ordering: .relaxed)
        var unreadable = entry
        unreadable.value = Array("not an extraction".utf8)
        inner.set(key, unreadable)
    }

    func remove(_ key: String) async { inner.remove(key) }
    func lock(_ key: String, owner: String, milliseconds: Int) async -> Bool { inner.lock(key, owner: owner, milliseconds: milliseconds) }
    func unlock(_ key: String, owner: String) async { inner.unlock(key, owner: owner) }
    var status: CacheStatus { get async { inner.status } }
}

@Suite("A fill's answer, as it is", .serialized)
struct FilledAnswerTests {
    @Test("a miss is answered with the fill's own records, to the caller and every waiter, never decoded from the cache")
    func aMissIsNotDecoded() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let cache = UnreadableCache(now: { clock.now })
            let client = UpstreamClient(name: "test", fetcher: try CurlFetcher(), cache: cache, policy: UpstreamPolicy(), now: { clock.now })
            let answers = try await withThrowingTaskGroup(of: UpstreamClient.Answer.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "200"]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(upstream.hits.value == 1)
            #expect(cache.sets.load(ordering: .relaxed) == 1)
            #expect(answers.count == 20)
            for answer in answers {
                #expect(answer.provenance.source == .miss)
                guard case .success(let lists) = answer.extraction.outcome, case .list(_, let records)? = lists.first else {
                    Issue.record("expected records, got \(answer.extraction.outcome)")
                    continue
                }
                #expect(records.first?.value("n") == "1")
            }
            // What the cache holds cannot be read: the next request is a miss of its own.
            let gets = cache.gets.load(ordering: .relaxed)
            let again = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(again.provenance.source == .miss)
            #expect(cache.gets.load(ordering: .relaxed) > gets)
            #expect(upstream.hits.value == 2)
        }
    }
}
