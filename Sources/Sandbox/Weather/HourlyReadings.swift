/// The model's readings at one point for consecutive whole hours, each computed once, and the
/// weather over spans of them as the forecasts' periods give it.
struct HourlyReadings {
    /// The first hour's instant (seconds since 1970).
    let start: Int64
    /// One reading per hour from ``start``.
    let readings: [WeatherModel.Reading]

    /// The readings at a point from `start` for `hours` hours.
    init(model: WeatherModel, latitude: Double, longitude: Double, from start: Int64, hours: Int) {
        self.start = start
        var lattice = NoiseLattice()
        readings = (0..<max(1, hours)).map { model.reading(latitude: latitude, longitude: longitude, at: start + Int64($0) * 3600, lattice: &lattice) }
    }

    /// The reading of the hour starting at `instant` (clamped to the hours held).
    subscript(_ instant: Int64) -> WeatherModel.Reading {
        readings[index(instant)]
    }

    /// The weather from `instant` for `hours` hours.
    func period(from instant: Int64, hours: Int) -> PeriodWeather {
        let first = index(instant), last = min(readings.count - 1, first + max(1, hours) - 1)
        return PeriodWeather(readings: Array(readings[first...last]))
    }

    private func index(_ instant: Int64) -> Int {
        max(0, min(readings.count - 1, Int((instant - start) / 3600)))
    }
}

/// The weather over a span of hours: extremes, totals and one condition for the span.
struct PeriodWeather {
    /// The hours' readings, in order.
    let readings: [WeatherModel.Reading]

    /// The reading in the middle of the span, which gives its sky and whether it is day.
    var representative: WeatherModel.Reading { readings[readings.count / 2] }

    /// The span's condition: the middle hour's, or, when that is dry but something falls in the
    /// span, the wettest hour's, so that a period's symbol never contradicts its precipitation.
    var condition: WeatherCondition {
        let middle = representative
        guard !middle.condition.isWet, precipitation > 0, let wettest = readings.max(by: { $0.precipitation < $1.precipitation }) else {
            return middle.condition
        }
        return wettest.condition
    }

    /// The precipitation summed over the span, mm, one decimal.
    var precipitation: Double { (readings.reduce(0) { $0 + $1.precipitation } * 10).rounded() / 10 }
    /// The precipitation per hour, mm.
    var millimetresPerHour: Double { precipitation / Double(readings.count) }
    /// The lowest and highest temperature, °C.
    var low: Double { readings.map(\.temperature).min()! }
    var high: Double { readings.map(\.temperature).max()! }
    /// The highest hourly chance of precipitation, percent.
    var precipitationChance: Int { readings.map(\.precipitationProbability).max()! }
    /// The weakest and strongest wind, m/s.
    var windRange: (low: Double, high: Double) { (readings.map(\.windSpeed).min()!, readings.map(\.windSpeed).max()!) }
}
