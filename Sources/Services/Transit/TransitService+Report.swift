public import Kernel
public import Model
import Store

extension TransitService {
    /// Every agency's timetable and feeds as they are, refreshing nothing.
    public func report() -> TransitAgencies {
        let now = upstreams.now()
        return TransitAgencies(agencies.map { agency in
            let state = agency.timetable.state
            let zone = agency.timetable.database?.timeZone ?? .utc
            var feeds: [TransitAgencies.Feed] = []
            if let url = agency.configuration.tripUpdates {
                feeds.append(Self.feed("trip-updates", url, agency.tripUpdates, generated: agency.tripUpdates?.inService?.index.generated, now: now, zone: zone))
            }
            if let url = agency.configuration.alerts {
                feeds.append(Self.feed("alerts", url, agency.alerts, generated: agency.alerts?.inService?.index.generated, now: now, zone: zone))
            }
            return TransitAgencies.Agency(
                name: agency.name, staticFeed: agency.configuration.staticFeed, state: state.status, timezone: state.summary?.timeZone,
                version: state.summary?.feedVersion, validFrom: state.summary?.feedStartDate, validUntil: state.summary?.feedEndDate,
                imported: state.importedAt.flatMap { OffsetDateTime(checking: $0, in: zone) }, stops: state.summary?.counts["stops"],
                routes: state.summary?.counts["routes"], trips: state.summary?.counts["trips"], failure: state.failure,
                credit: agency.configuration.credit, feeds: feeds)
        })
    }

    private static func feed<Index>(
        _ kind: String, _ url: String, _ feed: SharedFeed<Index>?, generated: Int64?, now: Int64, zone: ZoneRules
    ) -> TransitAgencies.Feed {
        let snapshot = feed?.inService
        let failure = feed?.lastFailure
        let state = failure != nil ? "failing" : (snapshot == nil ? "waiting" : "ok")
        return TransitAgencies.Feed(
            kind: kind, url: url, state: state, age: snapshot?.age(now: now), generated: generated.flatMap { OffsetDateTime(checking: $0, in: zone) },
            failure: failure?.message)
    }
}
