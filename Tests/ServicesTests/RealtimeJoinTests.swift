import Model
@testable import Services
import Store
import Testing

/// The join's rules on a run of five stops, 10 minutes apart from 08:00 (reference 0): each
/// expectation follows from the GTFS-Realtime reference's words.
@Suite struct RealtimeJoinTests {
    static let stops = (0..<5).map { GTFSStopTime(sequence: $0 + 1, stopID: "S\($0 + 1)", arrival: 8 * 3600 + $0 * 600 - 30, departure: 8 * 3600 + $0 * 600) }

    func outcome(_ update: TripUpdates.Trip?, at index: Int) -> RealtimeJoin.Outcome {
        RealtimeJoin.outcome(update: update, stops: Self.stops, index: index, planned: Int64(Self.stops[index].departure!), reference: 0)
    }

    @Test func noUpdateIsScheduledNeverOnTime() {
        #expect(outcome(nil, at: 2) == .init(predicted: nil, realtime: .scheduled))
        #expect(outcome(TripUpdates.Trip(tripID: "T"), at: 2) == .init(predicted: nil, realtime: .scheduled))
    }

    @Test func anAbsoluteTimeWinsOverADelay() {
        let update = TripUpdates.Trip(tripID: "T", stops: [.init(sequence: 3, departure: .init(time: 8 * 3600 + 1200 + 45, delay: 600))])
        #expect(outcome(update, at: 2) == .init(predicted: 8 * 3600 + 1245, realtime: .asserted))
    }

    @Test func aDelayPropagatesUntilTheNextUpdate() {
        let update = TripUpdates.Trip(tripID: "T", stops: [
            .init(sequence: 2, departure: .init(delay: 120)),
            .init(sequence: 4, arrival: .init(delay: 300)),
        ])
        #expect(outcome(update, at: 0) == .init(predicted: nil, realtime: .scheduled))          // before the first update
        #expect(outcome(update, at: 1) == .init(predicted: 8 * 3600 + 600 + 120, realtime: .asserted))
        #expect(outcome(update, at: 2) == .init(predicted: 8 * 3600 + 1200 + 120, realtime: .propagated))
        // Stop 4 has only an arrival: its delay holds for the departure too, and beyond.
        #expect(outcome(update, at: 3) == .init(predicted: 8 * 3600 + 1800 + 300, realtime: .asserted))
        #expect(outcome(update, at: 4) == .init(predicted: 8 * 3600 + 2400 + 300, realtime: .propagated))
    }

    @Test func anAbsoluteTimePropagatesAsTheDelayItMakes() {
        // Stop 2 leaves at 08:13:00 instead of 08:10:00: three minutes late from there on.
        let update = TripUpdates.Trip(tripID: "T", stops: [.init(stopID: "S2", departure: .init(time: 8 * 3600 + 780))])
        #expect(outcome(update, at: 3) == .init(predicted: 8 * 3600 + 1800 + 180, realtime: .propagated))
    }

    @Test func skippedStopsAndCancelledRuns() {
        let skipping = TripUpdates.Trip(tripID: "T", stops: [.init(sequence: 2, departure: .init(delay: 60)), .init(sequence: 3, relationship: .skipped)])
        #expect(outcome(skipping, at: 2) == .init(predicted: nil, realtime: .asserted, departureCancelled: true))
        // A skipped stop carries no delay: the one before it goes on.
        #expect(outcome(skipping, at: 3) == .init(predicted: 8 * 3600 + 1800 + 60, realtime: .propagated))
        let cancelled = TripUpdates.Trip(tripID: "T", relationship: .canceled, stops: [.init(sequence: 2, departure: .init(delay: 60))])
        #expect(outcome(cancelled, at: 3) == .init(predicted: nil, realtime: .asserted, cancelled: true))
    }

    @Test func noDataStopsPropagation() {
        let update = TripUpdates.Trip(tripID: "T", stops: [.init(sequence: 1, departure: .init(delay: 240)), .init(sequence: 3, relationship: .noData)])
        #expect(outcome(update, at: 1) == .init(predicted: 8 * 3600 + 600 + 240, realtime: .propagated))
        #expect(outcome(update, at: 2) == .init(predicted: nil, realtime: .scheduled))
        #expect(outcome(update, at: 4) == .init(predicted: nil, realtime: .scheduled))
    }

    @Test func theTripsOwnDelayCoversStopsWithoutUpdates() {
        #expect(outcome(TripUpdates.Trip(tripID: "T", delay: -60), at: 2) == .init(predicted: 8 * 3600 + 1200 - 60, realtime: .propagated))
    }

    @Test func aLoopsSecondVisitIsMatchedByOrder() {
        var stops = Self.stops
        stops[3].stopID = "S1"                                  // the run comes back to S1
        let update = TripUpdates.Trip(tripID: "T", stops: [.init(stopID: "S1", departure: .init(delay: 0)), .init(stopID: "S1", departure: .init(delay: 420))])
        let matched = RealtimeJoin.match(update.stops, to: stops)
        #expect(matched.map(\.position) == [0, 3])
    }

    @Test func startDateTellsTheRunsOfATripApart() {
        let late = TripUpdates.Trip(tripID: "T", startDate: "2016-12-28", delay: 300)
        let feed = TripUpdates(generated: nil, trips: [late, TripUpdates.Trip(tripID: "U", delay: 60)])
        // The run of the 28th, late past midnight, is told from the run of the 29th.
        #expect(feed.update(tripID: "T", serviceDate: "2016-12-28", instant: 1_000, now: 1_000) == late)
        #expect(feed.update(tripID: "T", serviceDate: "2016-12-29", instant: 1_000, now: 1_000) == nil)
        // Without a date: the run within 12 hours of now, not the same trip a day away.
        #expect(feed.update(tripID: "U", serviceDate: "2016-12-29", instant: 5_000, now: 1_000)?.delay == 60)
        #expect(feed.update(tripID: "U", serviceDate: "2016-12-30", instant: 1_000 + 86_400, now: 1_000) == nil)
    }
}
