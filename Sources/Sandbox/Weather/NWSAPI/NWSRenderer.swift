import Model

/// api.weather.gov's GeoJSON answers, indented by four spaces as the API sends them: a point's
/// metadata (`/points/{lat},{lon}`) and a grid point's 12-hour and hourly forecasts, with the
/// members of the 2026 Washington samples in `Routes/nws-points/samples/` and
/// `Routes/nws-forecast/samples/`. Every link is absolute and starts with the origin the request
/// came to, so that a client following them stays on the same server.
enum NWSRenderer {
    static let indent = "    "

    /// What a points answer says about its point.
    struct PointInfo {
        let point: GeoPoint
        let grid: NWSGridPoint
        /// The nearest place of some size.
        let city: Place
        let timeZone: String
        /// The forecast and county zones' number within the state.
        let zone: Int

        /// The nearest place's state.
        var state: String { city.admin ?? "US" }
    }

    /// One period of a forecast.
    struct Period {
        let name: String
        let start, end: Moment
        let isDaytime: Bool
        let temperature: Int
        let precipitationChance: Int
        /// Only in hourly periods: the dew point, °C, and the relative humidity, percent.
        let dewPoint: Double?
        let humidity: Int?
        let windSpeed: String
        let windDirection: String
        let icon: String
        let shortForecast: String
        let detailedForecast: String
    }

    /// A forecast's header.
    struct ForecastInfo {
        let grid: NWSGridPoint
        let hourly: Bool
        let si: Bool
        let generated: Int64
        let updated: Int64
    }

    static func point(_ info: PointInfo, origin: String) -> [UInt8] {
        let coordinates = Fixed.short(info.point.latitude, 4) + "," + Fixed.short(info.point.longitude, 4)
        let gridAddress = origin + "/gridpoints/" + info.grid.path
        let zone = info.state + "Z" + padded(info.zone, 3), county = info.state + "C" + padded(info.zone, 3)
        var json = JSONAnswer(indent: indent)
        json.object { json in
            context(&json, point: true)
            json.string("id", origin + "/points/" + coordinates)
            json.string("type", "Feature")
            json.object("geometry") { json in
                json.string("type", "Point")
                position(&json, "coordinates", info.point)
            }
            json.object("properties") { json in
                json.string("@id", origin + "/points/" + coordinates)
                json.string("@type", "wx:Point")
                json.string("cwa", info.grid.office)
                json.string("type", "land")
                json.string("forecastOffice", origin + "/offices/" + info.grid.office)
                json.string("gridId", info.grid.office)
                json.integer("gridX", info.grid.x)
                json.integer("gridY", info.grid.y)
                json.string("forecast", gridAddress + "/forecast")
                json.string("forecastHourly", gridAddress + "/forecast/hourly")
                json.string("forecastGridData", gridAddress)
                json.string("observationStations", gridAddress + "/stations")
                json.object("relativeLocation") { json in
                    json.string("type", "Feature")
                    json.object("geometry") { json in
                        json.string("type", "Point")
                        position(&json, "coordinates", info.city.coordinate, decimals: 6)
                    }
                    json.object("properties") { json in
                        let city = info.city.coordinate
                        json.string("city", info.city.name)
                        json.string("state", info.state)
                        quantity(&json, "distance", "wmoUnit:m", Fixed.short(city.meters(to: info.point), 10))
                        quantity(&json, "bearing", "wmoUnit:degree_(angle)", String(Int(city.bearing(to: info.point).rounded()) % 360))
                    }
                }
                json.string("forecastZone", origin + "/zones/forecast/" + zone)
                json.string("county", origin + "/zones/county/" + county)
                json.string("fireWeatherZone", origin + "/zones/fire/" + zone)
                json.string("timeZone", info.timeZone)
                json.string("radarStation", "K" + info.grid.office)
            }
        }
        return json.bytes
    }

    static func forecast(_ info: ForecastInfo, periods: [Period]) -> [UInt8] {
        var json = JSONAnswer(indent: indent)
        json.object { json in
            context(&json, point: false)
            json.string("type", "Feature")
            json.object("geometry") { json in
                json.string("type", "Polygon")
                json.array("coordinates") { json in
                    json.array { json in
                        for corner in info.grid.outline { position(&json, nil, corner) }
                    }
                }
            }
            json.object("properties") { json in
                json.string("units", info.si ? "si" : "us")
                json.string("forecastGenerator", info.hourly ? "HourlyForecastGenerator" : "BaselineForecastGenerator")
                json.string("generatedAt", utc(info.generated))
                json.string("updateTime", utc(info.updated))
                json.string("validTimes", utc(info.updated) + "/P7DT14H")
                quantity(&json, "elevation", "wmoUnit:m", "0")
                json.array("periods") { json in
                    for (index, period) in periods.enumerated() { self.period(period, number: index + 1, si: info.si, into: &json) }
                }
            }
        }
        return json.bytes
    }

    private static func period(_ period: Period, number: Int, si: Bool, into json: inout JSONAnswer) {
        json.object { json in
            json.integer("number", number)
            json.string("name", period.name)
            json.string("startTime", period.start.iso8601)
            json.string("endTime", period.end.iso8601)
            json.bool("isDaytime", period.isDaytime)
            json.integer("temperature", period.temperature)
            json.string("temperatureUnit", si ? "C" : "F")
            json.null("temperatureTrend")
            quantity(&json, "probabilityOfPrecipitation", "wmoUnit:percent", String(period.precipitationChance))
            if let dewPoint = period.dewPoint { quantity(&json, "dewpoint", "wmoUnit:degC", String(dewPoint)) }
            if let humidity = period.humidity { quantity(&json, "relativeHumidity", "wmoUnit:percent", String(humidity)) }
            json.string("windSpeed", period.windSpeed)
            json.string("windDirection", period.windDirection)
            json.string("icon", period.icon)
            json.string("shortForecast", period.shortForecast)
            json.string("detailedForecast", period.detailedForecast)
        }
    }

    /// The JSON-LD context: the points answer's names its vocabulary for places and distances.
    private static func context(_ json: inout JSONAnswer, point: Bool) {
        json.array("@context") { json in
            json.string(nil, "https://geojson.org/geojson-ld/geojson-context.jsonld")
            json.object { json in
                json.string("@version", "1.1")
                json.string("wx", "https://api.weather.gov/ontology#")
                if point { json.string("s", "https://schema.org/") }
                json.string("geo", "http://www.opengis.net/ont/geosparql#")
                json.string("unit", "http://codes.wmo.int/common/unit/")
                json.string("@vocab", "https://api.weather.gov/ontology#")
                guard point else { return }
                json.object("geometry") { json in
                    json.string("@id", "s:GeoCoordinates")
                    json.string("@type", "geo:wktLiteral")
                }
                json.string("city", "s:addressLocality")
                json.string("state", "s:addressRegion")
                json.object("distance") { json in
                    json.string("@id", "s:Distance")
                    json.string("@type", "s:QuantitativeValue")
                }
                json.object("bearing") { $0.string("@type", "s:QuantitativeValue") }
                json.object("value") { $0.string("@id", "s:value") }
                json.object("unitCode") { json in
                    json.string("@id", "s:unitCode")
                    json.string("@type", "@id")
                }
                for name in ["forecastOffice", "forecastGridData", "publicZone", "county"] {
                    json.object(name) { $0.string("@type", "@id") }
                }
            }
        }
    }

    /// `[longitude, latitude]`, GeoJSON's order.
    private static func position(_ json: inout JSONAnswer, _ key: String?, _ point: GeoPoint, decimals: Int = 4) {
        json.array(key) { json in
            json.number(nil, Fixed.short(point.longitude, decimals))
            json.number(nil, Fixed.short(point.latitude, decimals))
        }
    }

    private static func quantity(_ json: inout JSONAnswer, _ key: String, _ unit: String, _ value: String) {
        json.object(key) { json in
            json.string("unitCode", unit)
            json.number("value", value)
        }
    }

    /// `2026-02-06T21:45:05+00:00`.
    static func utc(_ instant: Int64) -> String {
        Moment(instant: instant, utcOffset: 0).iso8601
    }
}
