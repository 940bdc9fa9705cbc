import Foundation
import Kernel
import Store
import Testing

/// Queries over the real feeds; every expected value was worked out by hand from the feed's
/// text (`unzip -p`), noon-minus-12h instants checked with Python's zoneinfo.
@Suite("TransitDatabase")
struct TransitDatabaseTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) throws -> LocalDate {
        try #require(LocalDate(year: year, month: month, day: day))
    }

    @Test("BART at 12TH on Thursday 2016-12-29 from 09:00 PST, 15 minutes")
    func bartMorning() throws {
        let (bart, _) = try GTFSFixtures.bart.get()
        let from: Int64 = 1_483_030_800  // 2016-12-29T09:00:00-08:00
        let departures = try bart.departures(at: ["12TH"], from: from, window: 900, limit: 20)
        #expect(departures.map(\.tripID) == ["18R10", "19DCM10", "19R11", "25SFO11", "32SFO10", "33SFO10", "14DCM11"])
        #expect(departures.map { $0.departure - from } == [0, 360, 420, 420, 480, 780, 840])
        let first = try #require(departures.first)
        #expect(first.serviceDate == "20161229")
        #expect(first.stopSequence == 9)
        #expect(first.stopID == "12TH")
        #expect(first.scheduledTime.description == "09:00:00")
        #expect(first.runStart == nil)
        #expect(first.routeID == "03")
        #expect(first.routeName == "Fremont - Richmond")  // no short name: the long one
        #expect(first.routeColor == "ff9933")
        #expect(first.routeTextColor == nil)
        #expect(first.headsign == "Fremont")
        #expect(first.platform == nil)
        #expect(try bart.departures(at: ["12TH"], from: from, window: 900, limit: 3).map(\.tripID) == ["18R10", "19DCM10", "19R11"])
    }

    @Test("BART after midnight: Thursday's service still runs at 24:xx, dated the day before")
    func bartPastMidnight() throws {
        let (bart, _) = try GTFSFixtures.bart.get()
        let midnight: Int64 = 1_483_084_800  // 2016-12-30T00:00:00-08:00, 24:00:00 of 2016-12-29
        let departures = try bart.departures(at: ["12TH"], from: midnight, window: 3600, limit: 50)
        #expect(departures.map(\.tripID) == [
            "94SFO10", "74R10", "75R11", "95SFO11", "95SFO10", "75R10", "76R11", "96SFO11", "96SFO10", "76R10",
        ])
        #expect(departures.allSatisfy { $0.serviceDate == "20161229" })
        #expect(departures.map(\.scheduledTime.description).first == "24:00:00")
        #expect(departures.last?.departure == midnight + 53 * 60)
    }

    @Test("BART services: weekdays, and holiday swaps from calendar_dates")
    func bartServices() throws {
        let (bart, _) = try GTFSFixtures.bart.get()
        #expect(try bart.services(on: Self.date(2016, 12, 29)) == ["WKDY"])
        #expect(try bart.services(on: Self.date(2016, 12, 31)) == ["SAT"])
        #expect(try bart.services(on: Self.date(2017, 1, 16)) == ["SAT"])  // Martin Luther King Jr. Day
        #expect(try bart.services(on: Self.date(2016, 11, 24)) == ["SUN"])  // Thanksgiving
        #expect(try bart.services(on: Self.date(2017, 7, 4)) == ["SUN"])  // after the calendar ends, added
        #expect(try bart.services(on: Self.date(2017, 7, 5)).isEmpty)
    }

    @Test("BART: a trip's stop times in order, and no departure at its last stop")
    func bartTrip() throws {
        let (bart, _) = try GTFSFixtures.bart.get()
        let times = try bart.stopTimes(trip: "18R10")
        #expect(times.count == 18)
        #expect(times.first == GTFSStopTime(sequence: 1, stopID: "RICH", arrival: 8 * 3600 + 35 * 60, departure: 8 * 3600 + 35 * 60))
        #expect(times.map(\.sequence) == Array(1...18))
        let last = try #require(times.last)
        let atLast = try bart.departures(
            at: [last.stopID], from: ServiceDay.instant(date: Self.date(2016, 12, 29), seconds: last.departure! - 1, in: bart.timeZone),
            window: 2, limit: 50)
        #expect(!atLast.contains { $0.tripID == "18R10" })
        #expect(try bart.stopTimes(trip: "no such trip").isEmpty)
    }

    @Test("BART stops by name, prefix first, and by position")
    func bartStops() throws {
        let (bart, _) = try GTFSFixtures.bart.get()
        #expect(try bart.stops(matching: "Oakland").map(\.id) == ["OAKL", "WOAK", "19TH", "19TH_N", "12TH"])
        #expect(try bart.stops(matching: "12TH ST", limit: 1).map(\.name) == ["12th St. Oakland City Center"])
        #expect(try bart.stops(matching: "  ").isEmpty)
        let near = try bart.nearest(latitude: 37.8037, longitude: -122.2716, limit: 2)
        #expect(near.map(\.stop.id) == ["12TH", "19TH"])
        #expect(abs(near[0].meters - 4.02) < 0.1)
        #expect(abs(near[1].meters - 515.77) < 0.1)
        #expect(throws: TransitDatabaseError.self) { try bart.nearest(latitude: 91, longitude: 0) }
    }

    @Test("FGC: names without accents, and the morning at Plaça Catalunya")
    func fgc() throws {
        let (fgc, _) = try GTFSFixtures.fgc.get()
        #expect(try fgc.stops(matching: "SARRIÀ").map(\.id) == ["SR"])
        #expect(try fgc.stops(matching: "sarria").map(\.id) == ["SR"])
        #expect(try fgc.stops(matching: "placa").map(\.id) == ["PJ", "PE", "PC"])
        #expect(try fgc.services(on: Self.date(2025, 8, 20)).count == 5)
        let from: Int64 = 1_755_669_600  // 2025-08-20T08:00:00+02:00
        let departures = try fgc.departures(at: ["PC"], from: from, window: 600, limit: 10)
        #expect(departures.map(\.tripID) == [
            "6c4bdab144746c0fb955c60d40|6a2dc5e207", "6c4bdab144746c0fb955c60d40|6f2dc5e103",
            "6c4bdab144746c0fb955c60d40|6c2dc5e103", "6c4bdab144746c0fb955c60d40|682dc5e207",
        ])
        #expect(departures.map(\.routeName) == ["S1", "L6", "L7", "S2"])
        #expect(departures.map { $0.departure - from } == [0, 120, 300, 420])
        #expect(departures.first?.headsign == "Terrassa Nacions Unides")
    }

    @Test("Sound Transit: a station groups its platforms")
    func soundTransitStations() throws {
        let (transit, _) = try GTFSFixtures.soundTransit.get()
        #expect(try transit.stops(matching: "westlake").map(\.id) == ["C03"])
        #expect(try transit.stop(id: "C03")?.isStation == true)
        let platforms = try transit.children(of: "C03")
        #expect(platforms.map(\.id) == ["1108", "1121"])
        #expect(platforms.map(\.code) == ["C03-T1", "C03-T2"])
        #expect(platforms.allSatisfy { $0.locationType == 0 && $0.parentStation == "C03" })
        #expect(try transit.nearest(latitude: 47.6114, longitude: -122.3370, limit: 3).map(\.stop.id) == ["C03", "C05", "C07"])

        let from: Int64 = 1_679_324_400  // Monday 2023-03-20T08:00:00-07:00
        let departures = try transit.departures(at: ["C03"], from: from, window: 600, limit: 10)
        #expect(departures.map(\.tripID) == ["LLR_2023-03-18_Weekday_100479_2029", "LLR_2023-03-18_Weekday_100479_1026"])
        #expect(departures.map(\.stopID) == ["1108", "1121"])
        #expect(departures.map(\.headsign) == ["Angle Lake", "Northgate"])
        #expect(departures.map { $0.departure - from } == [180, 420])
    }

    @Test("USF: frequency-based trips run every headway until before end_time")
    func usfFrequencies() throws {
        let (usf, _) = try GTFSFixtures.usf.get()
        let reference: Int64 = 1_452_488_400  // Monday 2016-01-11, 00:00 EST
        let morning = try usf.departures(at: ["230"], from: reference + 7 * 3600, window: 1800, limit: 10)
        #expect(morning.map(\.tripID) == ["1", "1", "1"])
        #expect(morning.map(\.departure) == [1_452_513_664, 1_452_514_264, 1_452_514_864])
        #expect(morning.map { $0.runStart?.description } == ["07:00:00", "07:10:00", "07:20:00"])
        #expect(morning.map(\.scheduledTime.description) == ["07:01:04", "07:11:04", "07:21:04"])
        #expect(morning.first?.routeName == "A")
        let night = try usf.departures(at: ["230"], from: reference + 23 * 3600 + 45 * 60, window: 3600, limit: 10)
        #expect(night.map(\.scheduledTime.description) == ["23:51:04"])
    }
}
