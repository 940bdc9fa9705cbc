import HTTPTesting
import Synchronization
import Testing
@testable import Server

/// Streams fed from outside (`Response.eventFeed`): no task of their own, sent to from any thread.
@Suite("Streams fed from outside", .serialized)
struct StreamFeedTests {
    /// Holds the feeds a route opened, as a publisher would.
    final class Subscribers: Sendable {
        let feeds = Mutex<[EventFeed]>([])
        let opened = Gate()
        let cancelled = Gate()

        var route: Route {
            .get("/feed", summary: "Events sent by the test.") { _ in
                .eventFeed { events in
                    events.onCancel { self.cancelled.open() }
                    events.send(event: "ready", data: "0")
                    self.feeds.withLock { $0.append(events) }
                    self.opened.open()
                }
            }
        }
    }

    @Test("events sent from outside arrive in order, and finishing ends the body")
    func sentFromOutside() async throws {
        let subscribers = Subscribers()
        try await LiveServer.with(routes: [subscribers.route]) { live in
            let url = live.base + "/feed"
            async let reading = offPool {
                try HTTPTestClient().stream(url, headers: StreamLiveTests.sse, timeout: StreamLiveTests.patience) { _ in true }
            }
            await subscribers.opened.wait()
            let feed = try #require(subscribers.feeds.withLock { $0.first })
            #expect(feed.send(event: "place", data: "Bern", id: "1"))
            #expect(feed.send(event: "place", data: "Thun\nSpiez", id: "2"))
            feed.finish()
            let response = try await reading
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(!response.hungUp)
            #expect(ServerSentEvents(response.body).events == [
                ReceivedEvent(name: "ready", data: "0", id: nil),
                ReceivedEvent(name: "place", data: "Bern", id: "1"),
                ReceivedEvent(name: "place", data: "Thun\nSpiez", id: "2"),
            ])
            #expect(!subscribers.cancelled.isOpen)
            #expect(!feed.send(data: "after the end"))
        }
    }

    @Test("a client that hangs up runs the feed's cancel handler, and the feed refuses what follows")
    func hangUpCancels() async throws {
        let subscribers = Subscribers()
        try await LiveServer.with(routes: [subscribers.route] + TestRoutes.all) { live in
            let url = live.base + "/feed"
            let response = try await offPool {
                try HTTPTestClient().stream(url, headers: StreamLiveTests.sse, timeout: StreamLiveTests.patience) { _ in false }
            }
            #expect(response.hungUp)
            await subscribers.cancelled.wait()
            let feed = try #require(subscribers.feeds.withLock { $0.first })
            #expect(feed.isCancelled)
            #expect(!feed.send(data: "nobody reads this"))
            #expect(try await live.get("/hello").status == 200)
            let server = live.server
            #expect(await eventually { server.metrics.requestsInFlight == 0 && server.openStreams.isEmpty })
        }
    }

    @Test("a feed refuses what does not fit its buffer until the connection takes some")
    func fullBufferRefuses() async throws {
        let opened = Mutex<StreamFeed?>(nil)
        let stream = ResponseStream(StreamBody(bufferLimit: 8, feeding: { feed in opened.withLock { $0 = feed } }))
        #expect(stream.start() == nil)
        let feed = try #require(opened.withLock { $0 })
        #expect(feed.send(Array("1234567".utf8)))
        #expect(feed.send(Array("89".utf8)))
        // 9 bytes buffered, over the limit of 8: refused.
        #expect(!feed.send(Array("x".utf8)))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, max: $0.count) }
        #expect(Array(buffer[..<count]) == Array("123456789".utf8))
        #expect(feed.send(Array("x".utf8)))
        feed.finish()
        #expect(await stream.collect() == Array("x".utf8))
    }

    @Test("a cancel handler added after the cancellation runs at once, and each runs once")
    func lateCancelHandler() async throws {
        let opened = Mutex<StreamFeed?>(nil)
        let stream = ResponseStream(StreamBody(feeding: { feed in opened.withLock { $0 = feed } }))
        _ = stream.start()
        let feed = try #require(opened.withLock { $0 })
        let runs = Mutex(0)
        feed.onCancel { runs.withLock { $0 += 1 } }
        stream.cancel()
        stream.cancel()
        #expect(runs.withLock { $0 } == 1)
        feed.onCancel { runs.withLock { $0 += 10 } }
        #expect(runs.withLock { $0 } == 11)
    }
}
