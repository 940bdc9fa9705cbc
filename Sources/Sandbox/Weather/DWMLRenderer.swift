/// NWS NDFD DWML "by day" answers (`format=24 hourly`): three time layouts (the days from
/// 06:00 local, their 12-hour halves, the whole span), daily maximum and minimum in °F,
/// 12-hourly chances of precipitation, a weather summary and an icon per day; or the
/// `<error>` answer for a point off the NDFD grid.
enum DWMLRenderer {
    /// One day of the answer: its 06:00 start, and the summaries of the day and of its halves.
    struct Day {
        let start: Moment
        let day: WeatherModel.Summary
        let halves: [(start: Moment, summary: WeatherModel.Summary)]
    }

    static func forecast(latitude: Double, longitude: Double, created: String, days: [Day]) -> [UInt8] {
        let n = days.count
        let lat = Fixed.short(latitude, 2), lon = Fixed.short(longitude, 2)
        let daily = "k-p24h-n\(n)-1", halfDaily = "k-p12h-n\(2 * n)-2", whole = "k-p\(n)d-n1-3"
        var writer = AnswerWriter(charset: .utf8)
        writer.element("dwml", [
            ("version", "1.0"), ("xmlns:xsd", "http://www.w3.org/2001/XMLSchema"), ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
            ("xsi:noNamespaceSchemaLocation", "http://www.nws.noaa.gov/forecasts/xml/DWMLgen/schema/DWML.xsd"),
        ]) { w in
            w.element("head") { w in
                w.element("product", [("srsName", "WGS 1984"), ("concise-name", "dwmlByDay"), ("operational-mode", "official")]) { w in
                    w.leaf("title", "NOAA's National Weather Service Forecast by 24 Hour Period")
                    w.leaf("field", "meteorological")
                    w.leaf("category", "forecast")
                    w.leaf("creation-date", created, [("refresh-frequency", "PT1H")])
                }
                w.element("source") { w in
                    w.leaf("more-information", "http://www.nws.noaa.gov/forecasts/xml/")
                    w.leaf("disclaimer", "http://www.nws.noaa.gov/disclaimer.html")
                    w.leaf("credit", "http://www.weather.gov/")
                }
            }
            w.element("data") { w in
                w.element("location") { w in
                    w.leaf("location-key", "point1")
                    w.empty("point", [("latitude", lat), ("longitude", lon)])
                }
                w.leaf("moreWeatherInformation", "http://forecast.weather.gov/MapClick.php?textField1=\(lat)&textField2=\(lon)", [("applicable-location", "point1")])
                layout(&w, daily, "24hourly", days.map { ($0.start, $0.start.adding(hours: 24)) })
                layout(&w, halfDaily, "12hourly", days.flatMap { $0.halves.map { ($0.start, $0.start.adding(hours: 12)) } })
                layout(&w, whole, "24hourly", [(days[0].start, days[n - 1].start.adding(hours: 24))])
                w.element("parameters", [("applicable-location", "point1")]) { w in
                    w.element("temperature", [("type", "maximum"), ("units", "Fahrenheit"), ("time-layout", daily)]) { w in
                        w.leaf("name", "Daily Maximum Temperature")
                        for day in days { w.leaf("value", String(WeatherModel.fahrenheit(day.day.high))) }
                    }
                    w.element("temperature", [("type", "minimum"), ("units", "Fahrenheit"), ("time-layout", daily)]) { w in
                        w.leaf("name", "Daily Minimum Temperature")
                        for day in days { w.leaf("value", String(WeatherModel.fahrenheit(day.day.low))) }
                    }
                    w.element("probability-of-precipitation", [("type", "12 hour"), ("units", "percent"), ("time-layout", halfDaily)]) { w in
                        w.leaf("name", "12 Hourly Probability of Precipitation")
                        for day in days { for half in day.halves { w.leaf("value", String(half.summary.precipitationProbability)) } }
                    }
                    w.element("weather", [("time-layout", daily)]) { w in
                        w.leaf("name", "Weather Type, Coverage, and Intensity")
                        for day in days { conditions(&w, day.day) }
                    }
                    w.element("conditions-icon", [("type", "forecast-NWS"), ("time-layout", daily)]) { w in
                        w.leaf("name", "Conditions Icons")
                        for day in days { w.leaf("icon-link", icon(day.day)) }
                    }
                }
            }
        }
        return writer.bytes
    }

    /// The answer for a point outside the NDFD grid (outside the United States).
    static func error(latitude: String, longitude: String) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("error") { w in
            w.leaf("h2", "ERROR")
            w.leaf("pre", "Point with latitude \(latitude) longitude \(longitude) is not on an NDFD grid")
        }
        return writer.bytes
    }

    /// The icon's address: the condition's picture, with the chance of precipitation for wet ones.
    static func icon(_ summary: WeatherModel.Summary) -> String {
        let nws = summary.condition.nws
        let chance = nws.type == nil || nws.type == "fog" ? "" : String(summary.precipitationProbability / 10 * 10)
        return "http://www.nws.noaa.gov/weather/images/fcicons/" + nws.icon + chance + ".jpg"
    }

    private static func conditions(_ w: inout AnswerWriter, _ summary: WeatherModel.Summary) {
        let nws = summary.condition.nws
        guard let type = nws.type else { return w.empty("weather-conditions", [("weather-summary", nws.summary)]) }
        w.element("weather-conditions", [("weather-summary", nws.summary)]) { w in
            let coverage = summary.precipitationProbability >= 80 ? "likely" : "chance"
            w.empty("value", [("coverage", type == "fog" ? "areas" : coverage), ("intensity", "light"), ("weather-type", type), ("qualifier", "none")])
        }
    }

    private static func layout(_ w: inout AnswerWriter, _ key: String, _ summarization: String, _ spans: [(Moment, Moment)]) {
        w.element("time-layout", [("time-coordinate", "local"), ("summarization", summarization)]) { w in
            w.leaf("layout-key", key)
            for (start, end) in spans {
                w.leaf("start-valid-time", start.iso8601)
                w.leaf("end-valid-time", end.iso8601)
            }
        }
    }
}

extension Moment {
    /// The moment `hours` later, keeping this offset (the layouts write each span in its start's offset).
    func adding(hours: Int) -> Moment {
        Moment(instant: instant + Int64(hours) * 3600, utcOffset: utcOffset)
    }
}
