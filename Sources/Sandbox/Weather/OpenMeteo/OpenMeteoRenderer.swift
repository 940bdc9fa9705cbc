/// Open-Meteo `/v1/forecast` answers: the grid cell's coordinates, the zone, then for each of
/// `current`, `hourly` and `daily` that was asked its `*_units` and its values, the hourly and
/// daily ones as parallel arrays beside `time`; members in the order the 2026 New York sample in
/// `Routes/open-meteo-forecast/samples/` has them.
enum OpenMeteoRenderer {
    /// Where and when an answer is.
    struct Frame {
        let latitude, longitude: Double
        let generationMilliseconds: Double
        /// The zone's offset at the answer's instant, used for every local time in it (as
        /// Open-Meteo does: one offset per answer).
        let utcOffset: Int
        let timezone, abbreviation: String
        let units: OpenMeteoUnits
    }

    /// The hourly, daily or current values: one column per asked variable, in the order asked,
    /// each value already a JSON text (a number, or a quoted time for `sunrise` and `sunset`).
    struct Columns {
        let times: [Int64]
        let columns: [(name: String, unit: String, values: [String])]
    }

    /// `currentWeather` is the legacy `current_weather=true` block (`temperature`, `windspeed`,
    /// `winddirection`, `is_day`, `weathercode`), written before `current`.
    static func forecast(_ frame: Frame, currentWeather: Columns? = nil, current: Columns?, hourly: Columns?, daily: Columns?) -> [UInt8] {
        var json = JSONAnswer()
        json.object { json in
            json.number("latitude", JSONAnswer.float(frame.latitude, 6))
            json.number("longitude", JSONAnswer.float(frame.longitude, 6))
            json.number("generationtime_ms", String(frame.generationMilliseconds))
            json.integer("utc_offset_seconds", frame.utcOffset)
            json.string("timezone", frame.timezone)
            json.string("timezone_abbreviation", frame.abbreviation)
            json.number("elevation", "0.0")
            if let currentWeather { now(&json, "current_weather", currentWeather, frame) }
            if let current { now(&json, "current", current, frame) }
            if let hourly { block(&json, "hourly", hourly, frame, withClock: true) }
            if let daily { block(&json, "daily", daily, frame, withClock: false) }
        }
        return json.bytes
    }

    /// An error answer: `{"error":true,"reason":…}`.
    static func error(_ reason: String) -> [UInt8] {
        var json = JSONAnswer()
        json.object { json in
            json.bool("error", true)
            json.string("reason", reason)
        }
        return json.bytes
    }

    /// `current` or `current_weather`: the units, then the quarter hour's values.
    private static func now(_ json: inout JSONAnswer, _ name: String, _ columns: Columns, _ frame: Frame) {
        json.object(name + "_units") { json in
            json.string("time", frame.units.unixTime ? "unixtime" : "iso8601")
            json.string("interval", "seconds")
            for column in columns.columns { json.string(column.name, column.unit) }
        }
        json.object(name) { json in
            time(&json, "time", columns.times[0], frame, withClock: true)
            json.integer("interval", OpenMeteoSimulator.currentInterval)
            for column in columns.columns { json.number(column.name, column.values[0]) }
        }
    }

    private static func block(_ json: inout JSONAnswer, _ name: String, _ columns: Columns, _ frame: Frame, withClock: Bool) {
        json.object(name + "_units") { json in
            json.string("time", frame.units.unixTime ? "unixtime" : "iso8601")
            for column in columns.columns { json.string(column.name, column.unit) }
        }
        json.object(name) { json in
            json.array("time") { json in
                for instant in columns.times { time(&json, nil, instant, frame, withClock: withClock) }
            }
            for column in columns.columns {
                json.array(column.name) { json in
                    for value in column.values { json.number(nil, value) }
                }
            }
        }
    }

    /// A time: seconds since 1970, or the local date (and clock) without an offset.
    private static func time(_ json: inout JSONAnswer, _ key: String?, _ instant: Int64, _ frame: Frame, withClock: Bool) {
        if frame.units.unixTime { return json.integer(key, Int(instant)) }
        json.string(key, local(instant, frame.utcOffset, withClock: withClock))
    }

    /// `2026-02-06T07:00` (or `2026-02-06`) at an offset.
    static func local(_ instant: Int64, _ utcOffset: Int, withClock: Bool = true) -> String {
        let time = LocalDateTime(wallSeconds: instant + Int64(utcOffset))
        return withClock ? time.date.description + "T" + time.clock : time.date.description
    }

    /// Open-Meteo's abbreviation of an offset: `GMT`, `GMT+1`, `GMT-5`, `GMT+5:30`.
    static func abbreviation(_ utcOffset: Int) -> String {
        guard utcOffset != 0 else { return "GMT" }
        let magnitude = abs(utcOffset), minutes = magnitude / 60 % 60
        return "GMT" + (utcOffset < 0 ? "-" : "+") + String(magnitude / 3600) + (minutes == 0 ? "" : ":" + padded(minutes, 2))
    }
}
