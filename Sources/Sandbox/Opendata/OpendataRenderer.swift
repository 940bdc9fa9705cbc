import Model

/// Writes the sandbox timetable's answers in transport.opendata.ch's v1 JSON, member by member in
/// the order of the recorded answers (`Routes/opendata-*/samples`): a location is id, name, score,
/// coordinate (`x` the latitude, `y` the longitude) and distance; a stop is station, arrival and its
/// timestamp, departure and its timestamp, delay, platform, prognosis, realtimeAvailability and
/// location; times are PHP's ISO 8601 (`2021-11-01T14:44:00+0100`).
///
/// Realtime as the API reports it, stop by stop: where the upstream predicts, the stop's `delay` in
/// minutes (0 on time) and the expected times in `prognosis`, with `prognosis.platform` when the
/// platform changed; where it predicts nothing (a run without real-time, a stop past the
/// prediction horizon), `delay` null and every `prognosis` member null, as in the recorded answers
/// (samples/zurich-baden-2021-11-01.json). The API computes `delay` from the prognosis, the
/// departure's where there is one (lib/Transport/Entity/Schedule/Stop.php). A cancelled run,
/// which search.ch marks with the delay `X`, has the delay 0 and its planned times as the
/// prognosis, because the API reads `X` as a number (lib/Transport/Entity/Schedule/Prognosis.php)
/// and says nothing else. The v1 format has no place for a skipped stop (the stop is listed as
/// planned, without a prognosis) nor for situations (none are written).
struct OpendataRenderer {
    /// The timetable's clock, which gives an expected time the offset of its own instant.
    let clock: TimetableClock

    /// `2021-11-01T14:44:00+0100`.
    static func time(_ moment: Moment) -> String {
        let offset = moment.utcOffset, magnitude = abs(offset)
        return moment.local.description + (offset < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + padded(magnitude / 60 % 60, 2)
    }

    /// What the API says of a stop in real time: the expected times, a changed platform, the delay.
    struct StopPrognosis {
        var arrival: Moment?
        var departure: Moment?
        var platform: String?
        var delay: Int?

        /// Nothing known.
        static let none = StopPrognosis()
    }

    /// The prognosis of a ride's stop from its planned and predicted times.
    static func prognosis(
        arrival: Moment?, departure: Moment?, predictedArrival: Moment?, predictedDeparture: Moment?, platform: String?,
        predictedPlatform: String?, ride: Ride
    ) -> StopPrognosis {
        if ride.isCancelled { return StopPrognosis(arrival: arrival, departure: departure, platform: nil, delay: 0) }
        let minutes = { (planned: Moment?, predicted: Moment?) in
            planned.flatMap { planned in predicted.map { Int(($0.instant - planned.instant) / 60) } }
        }
        return StopPrognosis(
            arrival: predictedArrival, departure: predictedDeparture,
            platform: predictedPlatform != platform ? predictedPlatform : nil,
            delay: minutes(departure, predictedDeparture) ?? minutes(arrival, predictedArrival))
    }

    /// The prognosis of a ride's stop passed on the way.
    static func prognosis(_ passed: Ride.PassedStop, of ride: Ride) -> StopPrognosis {
        prognosis(
            arrival: passed.arrival, departure: passed.departure, predictedArrival: passed.predictedArrival,
            predictedDeparture: passed.predictedDeparture, platform: passed.platform, predictedPlatform: passed.predictedPlatform, ride: ride)
    }

    /// The prognosis of a section's or board's stop, written as its arrival or departure.
    static func prognosis(_ stop: StopTime, departing: Bool, of ride: Ride) -> StopPrognosis {
        prognosis(
            arrival: departing ? nil : stop.time, departure: departing ? stop.time : nil,
            predictedArrival: departing ? nil : stop.prognosis, predictedDeparture: departing ? stop.prognosis : nil,
            platform: stop.platform, predictedPlatform: stop.predictedPlatform, ride: ride)
    }

    /// A location: a station with its coordinate; `icon` only in the answers of `/v1/locations`.
    static func location(_ station: Station, distance: Int? = nil, icon: Bool = false) -> PHPJSON {
        var members: [(String, PHPJSON)] = [
            ("id", .string(station.id)), ("name", .string(station.name)), ("score", .null),
            ("coordinate", .object([
                ("type", .string("WGS84")), ("x", .number(Fixed.short(station.latitude, 6))), ("y", .number(Fixed.short(station.longitude, 6))),
            ])),
            ("distance", .optional(distance)),
        ]
        if icon { members.append(("icon", .string(Category.opendataIcon(station.kind)))) }
        return .object(members)
    }

    /// A stop: the station, its times, the delay and platform, the prognosis.
    func stop(_ station: Station, arrival: Moment?, departure: Moment?, platform: String?, prognosis: StopPrognosis) -> PHPJSON {
        .object([
            ("station", Self.location(station)),
            ("arrival", .optional(arrival.map(Self.time))), ("arrivalTimestamp", arrival.map { .int($0.instant) } ?? .null),
            ("departure", .optional(departure.map(Self.time))), ("departureTimestamp", departure.map { .int($0.instant) } ?? .null),
            ("delay", .optional(prognosis.delay)),
            ("platform", .optional(platform)),
            ("prognosis", .object([
                ("platform", .optional(prognosis.platform)), ("arrival", .optional(prognosis.arrival.map(Self.time))),
                ("departure", .optional(prognosis.departure.map(Self.time))), ("capacity1st", .null), ("capacity2nd", .null),
            ])),
            ("realtimeAvailability", .null),
            ("location", Self.location(station)),
        ])
    }

    /// A run: `name` (its number), category, line as `number`, operator, destination as `to`, the
    /// stops passed and the expected load; `passList` gives each stop as `stops` says.
    static func journey(_ ride: Ride, passList: [PHPJSON]) -> [(String, PHPJSON)] {
        let capacity = ride.opendataCapacity
        return [
            ("name", .string(ride.opendataName)), ("category", .string(ride.category.opendataName)), ("subcategory", .null),
            ("categoryCode", .null), ("number", .string(ride.line)), ("operator", .string(ride.operatorCode)),
            ("to", .string(ride.direction.name)), ("passList", .array(passList)),
            ("capacity1st", .optional(capacity.first)), ("capacity2nd", .optional(capacity.second)),
        ]
    }

    /// An error answer: `{"errors":[{"message":…}]}`, as the API's error handler writes exceptions.
    static func errors(_ message: String) -> [UInt8] {
        PHPJSON.object([("errors", .array([.object([("message", .string(message))])]))]).encoded
    }

    /// The validation errors of `/v1/connections`: `{"errors":["…"]}`, bare strings.
    static func validationErrors(_ messages: [String]) -> [UInt8] {
        PHPJSON.object([("errors", .array(messages.map(PHPJSON.string)))]).encoded
    }
}
