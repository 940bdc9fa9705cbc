internal import CEpoll
import Dispatch
import Kernel
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One thread that owns its connections: an epoll set with its listening socket, an eventfd that
/// other threads wake it with, and a tick each second for deadlines. Everything about a
/// connection happens on its loop's thread; other threads reach it only through `post`.
final class EventLoop: TaskExecutor, @unchecked Sendable {
    /// What another thread asks of the loop.
    enum Message {
        /// A handler's answer for the connection's request `serial`.
        case answer(LoopConnection, UInt64, WireResponse)
        /// The connection's stream has bytes (or has ended).
        case streamReady(LoopConnection)
        /// Stop accepting: the listening socket is closed.
        case stopAccepting
        /// Close the connections that wait for a request, and those that are done.
        case closeIdle
        /// Answer what is still waiting with `503 shutting_down` and close everything.
        case closeAll
        /// End the thread.
        case stop
        /// Serve a connected socket made elsewhere (a test's or a fuzzer's socket pair).
        case adopt(Int32, String)
        /// A piece of a task that prefers this loop (a handler): it runs on the loop's thread.
        case job(UnownedJob)
        /// Check the connections' deadlines at the end of this turn, then call back.
        case checkDeadlines(@Sendable () -> Void)
        /// Call back with what the loop's connections are doing.
        case census(@Sendable (ConnectionCensus) -> Void)
    }

    let server: LoopServer
    /// What the connections' deadlines are read off.
    let clock: DeadlineClock
    private let epoll: Int32
    private let wake: Int32
    private var listener: Int32
    /// The connections, by descriptor; the loop's thread only.
    private var connections: [Int32: LoopConnection] = [:]
    /// Messages from other threads; `open` until the loop ends, after which jobs go elsewhere.
    private let inbox = Mutex<(messages: [Message], open: Bool)>(([], true))
    /// Where reads land before they are parsed, shared by the loop's connections.
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// Where an answer's head is written before it goes out; reused for every answer.
    var head: [UInt8] = {
        var head: [UInt8] = []
        head.reserveCapacity(2048)
        return head
    }()
    /// The current second as an HTTP date, made once a second.
    private var dateBytes: (second: Int64, bytes: [UInt8]) = (0, [])
    private var running = true
    private var thread: pthread_t?
    /// The loop's thread, once it runs (0 before).
    private let threadID = Atomic<UInt>(0)
    /// Messages posted on the loop's own thread: taken at the end of the turn, with no wake-up.
    private var local: [Message] = []
    /// Who asked for the deadlines to be checked this turn (a manual clock's).
    private var deadlineChecks: [@Sendable () -> Void] = []
    private let stopped = DispatchSemaphore(value: 0)

    init(server: LoopServer, listener: Int32) throws(ServerError) {
        self.server = server
        self.listener = listener
        clock = server.configuration.deadlineClock
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard epoll >= 0, wake >= 0 else { throw .daemon("epoll_create1 or eventfd failed: \(String(cString: strerror(errno)))") }
        register(wake, events: EPOLLIN.rawValue)
        register(listener, events: EPOLLIN.rawValue)
    }

    deinit {
        scratch.deallocate()
        close(epoll)
        close(wake)
    }

    // MARK: Thread

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var created = pthread_t()
        pthread_create(&created, &attributes, { raw in
            let loop = Unmanaged<EventLoop>.fromOpaque(raw!).takeRetainedValue()
            loop.run()
            return nil
        }, box)
        thread = created
    }

    /// Waits for the thread to end (after `.stop`).
    func join() {
        stopped.wait()
        if let thread { pthread_join(thread, nil) }
    }

    /// Hands a message to the loop's thread.
    func post(_ message: Message) {
        if isCurrent {
            local.append(message)
            return
        }
        let first = inbox.withLock { inbox -> Bool? in
            guard inbox.open else { return nil }
            inbox.messages.append(message)
            return inbox.messages.count == 1
        }
        guard let first else { return Self.afterEnd(message) }
        if first {
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
        }
    }

    /// Whether the caller runs on this loop's thread.
    var isCurrent: Bool { threadID.load(ordering: .relaxed) == pthread_self() }

    /// `TaskExecutor`: a handler's task runs on the loop that serves its connection, so that its
    /// answer is written in the same turn, without another thread in between. What it awaits
    /// elsewhere (an upstream, an actor) comes back here through the inbox.
    func enqueue(_ job: consuming ExecutorJob) {
        post(.job(UnownedJob(job)))
    }

    private func run() {
        threadID.store(pthread_self(), ordering: .relaxed)
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var nextTick = Timestamp.monotonicNanoseconds() + 1_000_000_000
        while running {
            let now = Timestamp.monotonicNanoseconds()
            let wait = now >= nextTick || !local.isEmpty ? 0 : Int32((nextTick - now) / 1_000_000 + 1)
            let count = epoll_wait(epoll, &events, Int32(events.count), wait)
            if count < 0 && errno != EINTR { break }
            for index in 0..<Int(max(count, 0)) {
                let event = events[index]
                let descriptor = event.data.fd
                if descriptor == wake {
                    drainInbox()
                } else if descriptor == listener {
                    acceptAll()
                } else if let connection = connections[descriptor] {
                    connection.handle(events: event.events)
                }
            }
            while !local.isEmpty {
                let messages = local
                local.removeAll(keepingCapacity: true)
                for message in messages { receive(message) }
            }
            if Timestamp.monotonicNanoseconds() >= nextTick {
                nextTick = Timestamp.monotonicNanoseconds() + 1_000_000_000
                // On a manual clock deadlines are checked when asked, and only then.
                if !clock.isManual { tick() }
            }
            if !deadlineChecks.isEmpty {
                tick()
                for done in deadlineChecks { done() }
                deadlineChecks.removeAll()
            }
        }
        for done in deadlineChecks { done() }
        for connection in Array(connections.values) { connection.close(completed: false) }
        let left = inbox.withLock { inbox in
            inbox.open = false
            return inbox.messages
        }
        threadID.store(0, ordering: .relaxed)
        for message in local + left { Self.afterEnd(message) }
        stopped.signal()
    }

    /// A message the loop did not take before it ended: a task still under way finishes on the
    /// global executor, and whoever waits for an answer gets one (no connections are left).
    private static func afterEnd(_ message: Message) {
        switch message {
        case .job(let job): globalConcurrentExecutor.enqueue(ExecutorJob(job))
        case .checkDeadlines(let done): done()
        case .census(let answer): answer(ConnectionCensus())
        default: break
        }
    }

    private func drainInbox() {
        var value: UInt64 = 0
        _ = read(wake, &value, 8)
        let messages = inbox.withLock { inbox -> [Message] in
            defer { inbox.messages.removeAll(keepingCapacity: true) }
            return inbox.messages
        }
        for message in messages { receive(message) }
    }

    private func receive(_ message: Message) {
        switch message {
        case .answer(let connection, let serial, let response):
            guard connections[connection.descriptor] === connection else { return }
            connection.answer(response, serial: serial)
        case .streamReady(let connection):
            guard connections[connection.descriptor] === connection else { return }
            connection.streamReady()
        case .stopAccepting:
            stopAccepting()
        case .closeIdle:
            for connection in Array(connections.values) where connection.isIdle { connection.close(completed: true) }
        case .closeAll:
            stopAccepting()
            for connection in Array(connections.values) { connection.shutDown() }
        case .stop:
            stopAccepting()
            running = false
        case .adopt(let descriptor, let remote):
            serve(descriptor, remote: remote)
        case .job(let job):
            job.runSynchronously(on: asUnownedTaskExecutor())
        case .checkDeadlines(let done):
            deadlineChecks.append(done)
        case .census(let answer):
            var census = ConnectionCensus()
            for connection in connections.values { connection.count(into: &census) }
            answer(census)
        }
    }

    private func stopAccepting() {
        guard listener >= 0 else { return }
        epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
        close(listener)
        listener = -1
    }

    private func acceptAll() {
        while listener >= 0 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(listener, $0, &length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
                }
            }
            guard descriptor >= 0 else {
                // EAGAIN: none left. EMFILE and the like: the next wake-up tries again.
                return
            }
            let remote = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { addressText($0) } }
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            serve(descriptor, remote: remote)
        }
    }

    /// Takes a connected, non-blocking socket on, within the connection limits.
    private func serve(_ descriptor: Int32, remote: String) {
        guard let state = server.admit(remote: remote) else {
            close(descriptor)
            return
        }
        let connection = LoopConnection(loop: self, descriptor: descriptor, state: state)
        connections[descriptor] = connection
        register(descriptor, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue)
        connection.opened()
    }

    private func tick() {
        let now = clock.now
        for connection in Array(connections.values) { connection.tick(now: now) }
    }

    // MARK: For connections

    /// The current time as an HTTP date.
    func date() -> [UInt8] {
        let now = WallClock.seconds()
        if dateBytes.second != now { dateBytes = (now, Array(HTTPDate.text(now).utf8)) }
        return dateBytes.bytes
    }

    func register(_ descriptor: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event)
    }

    func modify(_ descriptor: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        epoll_ctl(epoll, EPOLL_CTL_MOD, descriptor, &event)
    }

    /// Forgets a connection whose socket is being closed.
    func remove(_ connection: LoopConnection) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, connection.descriptor, nil)
        if connections[connection.descriptor] === connection { connections.removeValue(forKey: connection.descriptor) }
    }
}
