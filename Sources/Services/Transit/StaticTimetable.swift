#if canImport(Glibc)
import Glibc
#endif
public import Kernel
public import Store
import Synchronization
public import Upstream

/// One agency's static GTFS feed in service, as a SQLite database: imported when the service
/// starts, checked again at most once a day (a conditional request: an unchanged feed costs a 304)
/// in the background, and swapped in only once a new import is complete. A failed or refused
/// import (a zip bomb, a missing file, a bad time) keeps the database in service, and says why in
/// ``state`` and the log.
///
/// Each database is a file of its own in the data folder, named by agency, process and
/// generation (`bart-1234-2.sqlite`), so that instances sharing the folder never write each
/// other's; this process's older one is removed when a new one is in service, and files of
/// processes that have ended when the first import begins.
public final class StaticTimetable: Sendable {
    /// What the agency's timetable is doing, for `/api/transit/agencies`.
    public struct State: Sendable {
        /// `importing` (nothing in service yet), `ready`, or `failed` (nothing in service, the
        /// last attempt failed).
        public var status: String
        /// When the database in service was imported, Unix seconds.
        public var importedAt: Int64?
        /// What the import read, for the database in service.
        public var summary: GTFSImportSummary?
        /// Why the last attempt failed, since the last success.
        public var failure: String?
        /// When the feed was last checked, Unix seconds.
        public var checkedAt: Int64?
    }

    private struct Inner {
        var database: TransitDatabase?
        var path: String?
        var state = State(status: "importing")
        var etag: String?
        var lastModified: String?
        var generation = 0
        var flight: Task<Void, Never>?
    }

    public let agency: TransitAgency
    private let upstreams: Upstreams
    private let directory: String
    private let importer: GTFSImporter
    private let log: @Sendable (String) -> Void
    private let inner = Mutex(Inner())
    /// Counts the databases put in service, for readers that must not take the lock.
    private let swaps = Atomic<Int>(0)
    /// Seconds between checks of the feed.
    public static let checkInterval: Int64 = 86_400
    /// The longest a download of the static feed may take.
    static let downloadTimeout = 120.0

    /// A timetable for `agency`, its databases in `directory`, fetched through `upstreams`.
    public init(
        agency: TransitAgency, upstreams: Upstreams, directory: String, importer: GTFSImporter = GTFSImporter(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.agency = agency
        self.upstreams = upstreams
        self.directory = directory
        self.importer = importer
        self.log = log
    }

    deinit {
        if let path = inner.withLock({ $0.path }) { unlink(path) }
    }

    /// The database in service; nil before the first import has succeeded.
    public var database: TransitDatabase? { inner.withLock { $0.database } }

    /// What it is doing.
    public var state: State { inner.withLock { $0.state } }

    /// Counts the databases put in service, read without a lock: for telling whether an answer
    /// made from the timetable still holds.
    public var installed: Int { swaps.load(ordering: .acquiring) }

    /// Seconds since 1970, as the upstreams read the clock.
    private var now: Int64 { upstreams.now() / 1000 }

    /// Starts a check in the background unless one is under way or the last was within a day;
    /// `force` checks whatever the time.
    public func refreshIfDue(force: Bool = false) {
        let now = now
        inner.withLock { state in
            guard state.flight == nil else { return }
            if !force, let checked = state.state.checkedAt, now - checked < Self.checkInterval { return }
            state.state.checkedAt = now
            // Made under the lock, so that its own removal (which takes the lock) follows it.
            state.flight = Task { [self] in
                await self.check()
                self.inner.withLock { $0.flight = nil }
            }
        }
    }

    /// Waits for the check under way, if any.
    public func settled() async {
        let flight = inner.withLock { $0.flight }
        await flight?.value
    }

    /// One check: the feed fetched (conditionally) or read, imported into a new file, swapped in.
    private func check() async {
        let (etag, lastModified, generation) = inner.withLock { inner -> (String?, String?, Int) in
            inner.generation += 1
            return (inner.etag, inner.lastModified, inner.generation)
        }
        if generation == 1 { removeLeftovers() }
        let bytes: [UInt8]
        var validators: (etag: String?, lastModified: String?) = (nil, nil)
        do {
            if agency.fetchesStaticFeed {
                guard let client = upstreams.client(named: agency.upstream) else { return fail("no upstream \(agency.upstream)") }
                let download = try await client.download(agency.staticFeed, etag: etag, lastModified: lastModified, timeout: Self.downloadTimeout)
                guard let body = download.body else {
                    // The feed in service is the agency's still: whatever failed before is over.
                    inner.withLock { $0.state.failure = nil }
                    log("transit \(agency.name): the static feed has not changed")
                    return
                }
                bytes = body
                validators = (download.etag, download.lastModified)
            } else {
                bytes = try Files.read(agency.staticFeed)
            }
        } catch {
            return fail("the static feed could not be read: \(error)")
        }
        let path = "\(directory)/\(agency.name)-\(getpid())-\(generation).sqlite"
        let summary: GTFSImportSummary
        let database: TransitDatabase
        do {
            summary = try importer.importFeed(zip: bytes, into: path)
            database = try TransitDatabase(path: path)
        } catch {
            unlink(path)
            return fail("the static feed was refused: \(error)")
        }
        let now = now
        let previous = inner.withLock { inner -> String? in
            let previous = inner.path
            inner.database = database
            inner.path = path
            inner.state = State(status: "ready", importedAt: now, summary: summary, failure: nil, checkedAt: inner.state.checkedAt)
            (inner.etag, inner.lastModified) = validators
            swaps.add(1, ordering: .releasing)
            return previous
        }
        if let previous { unlink(previous) }
        log("transit \(agency.name): static feed \(summary.feedVersion ?? "") imported: \(summary.counts["stops"] ?? 0) stops, \(summary.counts["trips"] ?? 0) trips, \(summary.counts["stop_times"] ?? 0) stop times")
    }

    private func fail(_ message: String) {
        log("transit \(agency.name): \(message); \(database == nil ? "no timetable in service" : "the timetable in service is kept")")
        inner.withLock { inner in
            inner.state.failure = message
            if inner.database == nil { inner.state.status = "failed" }
        }
    }

    /// Removes the databases of this agency that processes which have ended left in the folder.
    private func removeLeftovers() {
        guard let names = try? Files.list(directory) else { return }
        let prefix = agency.name + "-"
        for name in names where name.hasPrefix(prefix) && (name.hasSuffix(".sqlite") || name.hasSuffix(".sqlite.partial")) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard let pid = parts.first.flatMap({ Int32($0) }), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }
}
