import Model

/// Writes the sandbox timetable's answers in transport.opendata.ch's v1 JSON, member by member in
/// the order of the recorded answers (`Routes/opendata-*/samples`): a location is id, name, score,
/// coordinate (`x` the latitude, `y` the longitude) and distance; a stop is station, arrival and its
/// timestamp, departure and its timestamp, delay, platform, prognosis, realtimeAvailability and
/// location; times are PHP's ISO 8601 (`2021-11-01T14:44:00+0100`).
///
/// Realtime as the API reports it from timetable.search.ch: a late run has its delay and the
/// expected times in `prognosis`; a run on time has neither; a cancelled run, which search.ch marks
/// with the delay `X`, has the delay 0 and its planned times as the prognosis, because the API
/// reads `X` as a number (lib/Transport/Entity/Schedule/Prognosis.php) and says nothing else.
struct OpendataRenderer {
    /// The timetable's clock, which gives an expected time the offset of its own instant.
    let clock: TimetableClock

    /// `2021-11-01T14:44:00+0100`.
    static func time(_ moment: Moment) -> String {
        let offset = moment.utcOffset, magnitude = abs(offset)
        return moment.local.description + (offset < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + padded(magnitude / 60 % 60, 2)
    }

    /// The minutes the API reports for a run: its delay when late, 0 when cancelled, nil when on time.
    static func reportedDelay(_ ride: Ride) -> Int? {
        ride.isCancelled ? 0 : ride.delay > 0 ? ride.delay : nil
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

    /// A stop: the station, its times, the run's reported delay (which moves the prognosis), the platform.
    func stop(_ station: Station, arrival: Moment?, departure: Moment?, delay: Int?, platform: String?) -> PHPJSON {
        let expected = { (moment: Moment?) -> PHPJSON in
            guard let moment, let delay else { return .null }
            return .string(Self.time(clock.moment(moment.instant + Int64(delay) * 60)))
        }
        return .object([
            ("station", Self.location(station)),
            ("arrival", .optional(arrival.map(Self.time))), ("arrivalTimestamp", arrival.map { .int($0.instant) } ?? .null),
            ("departure", .optional(departure.map(Self.time))), ("departureTimestamp", departure.map { .int($0.instant) } ?? .null),
            ("delay", .optional(delay)),
            ("platform", .optional(platform)),
            ("prognosis", .object([
                ("platform", .null), ("arrival", expected(arrival)), ("departure", expected(departure)), ("capacity1st", .null), ("capacity2nd", .null),
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
