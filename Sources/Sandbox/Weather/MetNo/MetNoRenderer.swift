/// Locationforecast 2.0 `compact` answers: a GeoJSON Feature with the point (longitude,
/// latitude, altitude), `meta` (when the forecast was updated, the units) and the `timeseries`,
/// each step with its `instant` details and the periods it carries, members in the order the
/// 2026 sample has them; every measurement with one decimal, as MET writes its floats.
enum MetNoRenderer {
    /// One step of the time series.
    struct Step {
        let time: Int64
        let instant: WeatherModel.Reading
        /// The step's air temperature, °C (the reading's, moved to the asked altitude).
        let temperature: Double
        /// The periods it carries: their length in hours, symbol and precipitation.
        let periods: [(hours: Int, symbol: String, precipitation: Double)]
    }

    /// The units `meta` lists, in its order.
    static let units = [
        ("air_pressure_at_sea_level", "hPa"), ("air_temperature", "celsius"), ("cloud_area_fraction", "%"),
        ("precipitation_amount", "mm"), ("relative_humidity", "%"), ("wind_from_direction", "degrees"), ("wind_speed", "m/s"),
    ]

    static func forecast(latitude: Double, longitude: Double, altitude: Int, updated: Int64, steps: [Step]) -> [UInt8] {
        var json = JSONAnswer()
        json.object { json in
            json.string("type", "Feature")
            json.object("geometry") { json in
                json.string("type", "Point")
                json.array("coordinates") { json in
                    json.number(nil, Fixed.short(longitude, 4))
                    json.number(nil, Fixed.short(latitude, 4))
                    json.integer(nil, altitude)
                }
            }
            json.object("properties") { json in
                json.object("meta") { json in
                    json.string("updated_at", time(updated))
                    json.object("units") { json in
                        for (name, unit) in units { json.string(name, unit) }
                    }
                }
                json.array("timeseries") { json in
                    for step in steps { self.step(step, into: &json) }
                }
            }
        }
        return json.bytes
    }

    private static func step(_ step: Step, into json: inout JSONAnswer) {
        json.object { json in
            json.string("time", time(step.time))
            json.object("data") { json in
                json.object("instant") { json in
                    json.object("details") { json in
                        let reading = step.instant
                        json.number("air_pressure_at_sea_level", JSONAnswer.decimal(reading.pressure, 1))
                        json.number("air_temperature", JSONAnswer.decimal(step.temperature, 1))
                        json.number("cloud_area_fraction", JSONAnswer.decimal(reading.cloudCover, 1))
                        json.number("relative_humidity", JSONAnswer.decimal(Double(reading.humidity), 1))
                        json.number("wind_from_direction", JSONAnswer.decimal(Double(reading.windDirection), 1))
                        json.number("wind_speed", JSONAnswer.decimal(reading.windSpeed, 1))
                    }
                }
                // MET orders the periods by name: next_12_hours, next_1_hours, next_6_hours.
                for period in step.periods.sorted(by: { "next_\($0.hours)_hours" < "next_\($1.hours)_hours" }) {
                    json.object("next_\(period.hours)_hours") { json in
                        json.object("summary") { $0.string("symbol_code", period.symbol) }
                        json.object("details") { json in
                            if period.hours < 12 { json.number("precipitation_amount", JSONAnswer.decimal(period.precipitation, 1)) }
                        }
                    }
                }
            }
        }
    }

    /// `2026-02-06T21:00:00Z`.
    static func time(_ instant: Int64) -> String {
        LocalDateTime(wallSeconds: instant).description + "Z"
    }

    /// MET's error pages are HTML (api.met.no/doc/StatusCodes); these say what was wrong.
    static func errorPage(status: Int, title: String, message: String) -> [UInt8] {
        let escaped = message.map { $0 == "&" ? "&amp;" : $0 == "<" ? "&lt;" : $0 == ">" ? "&gt;" : String($0) }.joined()
        return Array("""
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(status) \(title)</title></head>
            <body><h1>\(status) \(title)</h1><p>\(escaped)</p></body></html>

            """.utf8)
    }
}
