import Model

/// yr.no's `forecast.xml`: the place, yr's credit and links, when it was made, and the
/// six-hourly `tabular/time` periods (0 night, 1 morning, 2 afternoon, 3 evening) in local
/// time without an offset, as yr writes them.
enum YrRenderer {
    /// One six-hour period of the forecast.
    struct Period {
        let from, to: LocalDateTime
        let index: Int
        let symbol: WeatherCondition
        let daytime: Bool
        let precipitation: Double
        let reading: WeatherModel.Reading
    }

    static let credit = "Weather forecast from Yr, delivered by the Norwegian Meteorological Institute and the NRK"

    static func forecast(
        _ place: Place, path: [String], utcOffset: Int, lastUpdate: LocalDateTime, nextUpdate: LocalDateTime, periods: [Period]
    ) -> [UInt8] {
        let base = "http://www.yr.no/place/" + path.map { $0.replacingSpaces }.joined(separator: "/") + "/"
        var writer = AnswerWriter(charset: .utf8)
        writer.element("weatherdata") { w in
            w.element("location") { w in
                w.leaf("name", place.name)
                w.leaf("type", (place.population ?? 0) >= 100_000 ? "City" : "Populated place")
                w.leaf("country", place.country ?? "")
                w.empty("timezone", [("id", place.timeZone ?? ""), ("utcoffsetMinutes", String(utcOffset / 60))])
                w.empty("location", [
                    ("altitude", "0"), ("latitude", Fixed.short(place.latitude, 5)), ("longitude", Fixed.short(place.longitude, 5)),
                    ("geobase", "geonames"), ("geobaseid", String(1 + StableHash(place.name, place.countryCode ?? "").pick(9_999_999))),
                ])
            }
            w.element("credit") { $0.empty("link", [("text", credit), ("url", base)]) }
            w.element("links") { w in
                for (id, suffix) in [("xmlSource", "forecast.xml"), ("xmlSourceHourByHour", "forecast_hour_by_hour.xml"), ("overview", ""),
                                     ("hourByHour", "hour_by_hour"), ("longTermForecast", "long")] {
                    w.empty("link", [("id", id), ("url", base + suffix)])
                }
            }
            w.element("meta") { w in
                w.leaf("lastupdate", lastUpdate.description)
                w.leaf("nextupdate", nextUpdate.description)
            }
            w.element("forecast") { w in
                w.element("tabular") { w in
                    for period in periods { self.period(period, into: &w) }
                }
            }
        }
        return writer.bytes
    }

    private static func period(_ period: Period, into w: inout AnswerWriter) {
        w.element("time", [("from", period.from.description), ("to", period.to.description), ("period", String(period.index))]) { w in
            let symbol = period.symbol.yrSymbol(daytime: period.daytime)
            w.empty("symbol", [("number", String(symbol.number)), ("numberEx", String(symbol.number)), ("name", symbol.name), ("var", symbol.variable)])
            w.empty("precipitation", [("value", Fixed.short(period.precipitation, 1))])
            let direction = period.reading.windDirection
            w.empty("windDirection", [("deg", Fixed.text(Double(direction), 1)), ("code", compass(direction).code), ("name", compass(direction).name)])
            w.empty("windSpeed", [("mps", Fixed.short(period.reading.windSpeed, 1)), ("name", beaufort(period.reading.windSpeed))])
            w.empty("temperature", [("unit", "celsius"), ("value", String(Int(period.reading.temperature.rounded())))])
            w.empty("pressure", [("unit", "hPa"), ("value", Fixed.text(period.reading.pressure, 1))])
        }
    }

    private static func compass(_ degrees: Int) -> (code: String, name: String) {
        let points = [("N", "North"), ("NE", "Northeast"), ("E", "East"), ("SE", "Southeast"), ("S", "South"), ("SW", "Southwest"), ("W", "West"), ("NW", "Northwest")]
        return points[((degrees + 22) % 360) / 45]
    }

    private static func beaufort(_ mps: Double) -> String {
        switch mps {
        case ..<0.3: "Calm"
        case ..<1.6: "Light air"
        case ..<3.4: "Light breeze"
        case ..<5.5: "Gentle breeze"
        case ..<8.0: "Moderate breeze"
        case ..<10.8: "Fresh breeze"
        default: "Strong breeze"
        }
    }

    /// yr's answer for a place it does not know: its 404 page.
    static let notFound = Array("""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>404 Not Found - yr.no</title></head>
        <body><h1>Not found</h1><p>We could not find the page you were looking for.</p></body></html>

        """.utf8)
}

extension String {
    /// Spaces as yr's paths write them: underscores.
    var replacingSpaces: String { String(map { $0 == " " ? "_" : $0 }) }
}
