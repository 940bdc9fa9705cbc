/// The iGoogle weather API's answers: everything in `data` attributes, the current
/// conditions in both units, four days with their low and high in the answer's unit system
/// (US, °F, for `hl=en`; SI, °C, otherwise), or `problem_cause` for a place it does not know.
enum GoogleWeatherRenderer {
    /// What the answer says about one day.
    struct Day {
        let weekday: Int
        let summary: WeatherModel.Summary
    }

    static func forecast(
        city: String, postalCode: String, coordinate: GeoPoint?, date: CalendarDate, observed: LocalDateTime,
        current: WeatherModel.Reading, days: [Day], language: String
    ) -> [UInt8] {
        let us = language == "en"
        var writer = AnswerWriter(charset: .utf8)
        writer.element("xml_api_reply", [("version", "1")]) { w in
            w.element("weather", attributes) { w in
                w.element("forecast_information") { w in
                    data(&w, "city", city)
                    data(&w, "postal_code", postalCode)
                    data(&w, "latitude_e6", coordinate.map { String(Int(($0.latitude * 1_000_000).rounded())) } ?? "")
                    data(&w, "longitude_e6", coordinate.map { String(Int(($0.longitude * 1_000_000).rounded())) } ?? "")
                    data(&w, "forecast_date", date.description)
                    data(&w, "current_date_time", observed.date.description + " " + observed.clock + ":" + padded(observed.second, 2) + " +0000")
                    data(&w, "unit_system", us ? "US" : "SI")
                }
                w.element("current_conditions") { w in
                    data(&w, "condition", current.condition.google.text)
                    data(&w, "temp_f", String(WeatherModel.fahrenheit(current.temperature)))
                    data(&w, "temp_c", String(Int(current.temperature.rounded())))
                    data(&w, "humidity", "Humidity: \(current.humidity)%")
                    data(&w, "icon", current.condition.google.icon)
                    data(&w, "wind_condition", wind(current, us: us))
                }
                for day in days {
                    w.element("forecast_conditions") { w in
                        data(&w, "day_of_week", dayName(day.weekday, language: language))
                        data(&w, "low", temperature(day.summary.low, us: us))
                        data(&w, "high", temperature(day.summary.high, us: us))
                        data(&w, "icon", day.summary.condition.google.icon)
                        data(&w, "condition", day.summary.condition.google.text)
                    }
                }
            }
        }
        return writer.bytes
    }

    /// The answer for a place Google does not know.
    static func problem() -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("xml_api_reply", [("version", "1")]) { w in
            w.element("weather", attributes) { $0.empty("problem_cause", [("data", "")]) }
        }
        return writer.bytes
    }

    private static let attributes = [
        ("module_id", "0"), ("tab_id", "0"), ("mobile_row", "0"), ("mobile_zipped", "1"), ("row", "0"), ("section", "0"),
    ]

    private static func data(_ w: inout AnswerWriter, _ name: String, _ value: String) {
        w.empty(name, [("data", value)])
    }

    static func temperature(_ celsius: Double, us: Bool) -> String {
        us ? String(WeatherModel.fahrenheit(celsius)) : String(Int(celsius.rounded()))
    }

    private static func wind(_ reading: WeatherModel.Reading, us: Bool) -> String {
        let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let from = names[((reading.windDirection + 22) % 360) / 45]
        return us ? "Wind: \(from) at \(Int((reading.windSpeed * 2.23694).rounded())) mph" : "Wind: \(from) at \(Int((reading.windSpeed * 3.6).rounded())) km/h"
    }

    /// The short day name in the answer's language (ISO weekday, 1 = Monday).
    static func dayName(_ weekday: Int, language: String) -> String {
        let names: [String]
        switch language.prefix(2) {
        case "de": names = ["Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."]
        case "fr": names = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."]
        case "it": names = ["lun", "mar", "mer", "gio", "ven", "sab", "dom"]
        case "zh": names = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
        default: names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        }
        return names[(weekday - 1) % 7]
    }
}
