@testable import Sandbox
import Testing

@Suite("Weather model")
struct WeatherModelTests {
    let model = WeatherModel()
    static let day: Int64 = 86_400

    /// The mean noon temperature over a month starting at `start`.
    func monthlyNoonMean(_ latitude: Double, _ longitude: Double, from start: Int64) -> Double {
        let noons = (0..<30).map { model.reading(latitude: latitude, longitude: longitude, at: start + $0 * Self.day + 12 * 3600 - Int64(longitude / 15 * 3600)) }
        return noons.map(\.temperature).reduce(0, +) / Double(noons.count)
    }

    @Test func aKeptLatticeGivesTheReadingsOfFreshOnes() {
        // Three days of hours with one lattice, the point crossing a cell's edge (6° E) on the way.
        var lattice = NoiseLattice()
        for hour in 0..<72 {
            let longitude = 5.9 + Double(hour) * 0.005, at = TestPlaces.july15 + Int64(hour) * 3600
            #expect(model.reading(latitude: 46.9, longitude: longitude, at: at, lattice: &lattice) == model.reading(latitude: 46.9, longitude: longitude, at: at))
        }
        let hours = HourlyReadings(model: model, latitude: -33.9, longitude: 151.2, from: TestPlaces.july15, hours: 60)
        #expect(hours.readings == (0..<60).map { model.reading(latitude: -33.9, longitude: 151.2, at: TestPlaces.july15 + Int64($0) * 3600) })
    }

    @Test func theSameQuestionGetsTheSameWeather() {
        let a = model.reading(latitude: 46.94809, longitude: 7.44744, at: TestPlaces.july15)
        let b = WeatherModel().reading(latitude: 46.94809, longitude: 7.44744, at: TestPlaces.july15)
        #expect(a == b)
        #expect(model.summary(latitude: 10, longitude: 20, from: 1_000_000, hours: 24, conditionHour: 14)
            == model.summary(latitude: 10, longitude: 20, from: 1_000_000, hours: 24, conditionHour: 14))
    }

    @Test(arguments: [(45.0, 7.0), (45.0, -93.0), (-35.0, -58.0), (-35.0, 149.0)])
    func januaryAndJulyAreWinterAndSummerByHemisphere(latitude: Double, longitude: Double) {
        let january: Int64 = 1_767_225_600, july: Int64 = 1_782_864_000  // 2026-01-01, 2026-07-01
        let winter = monthlyNoonMean(latitude, longitude, from: january), summer = monthlyNoonMean(latitude, longitude, from: july)
        if latitude > 0 {
            #expect(summer - winter > 10, "January \(winter) °C, July \(summer) °C")
        } else {
            #expect(winter - summer > 7, "January \(winter) °C, July \(summer) °C")
        }
    }

    @Test func theTropicsAreWarmerThanTheArctic() {
        #expect(monthlyNoonMean(5, 20, from: TestPlaces.july15) > monthlyNoonMean(70, 20, from: TestPlaces.july15) + 10)
    }

    @Test func afternoonsAreWarmerThanDawnAndChangesAreSmooth() {
        var warmer = 0
        for day in 0..<30 {
            let midnightUTC = TestPlaces.july15 - 12 * 3600 + Int64(day) * Self.day
            let dawn = model.reading(latitude: 46.9, longitude: 0, at: midnightUTC + 5 * 3600)
            let afternoon = model.reading(latitude: 46.9, longitude: 0, at: midnightUTC + 15 * 3600)
            if afternoon.temperature > dawn.temperature { warmer += 1 }
            #expect(dawn.daytime == false && afternoon.daytime == true)
        }
        #expect(warmer >= 27)
        for hour in 0..<(24 * 20) {
            let at = TestPlaces.july15 + Int64(hour) * 3600
            let here = model.reading(latitude: 46.9, longitude: 7.4, at: at)
            let nextHour = model.reading(latitude: 46.9, longitude: 7.4, at: at + 3600)
            let tenKmAway = model.reading(latitude: 46.99, longitude: 7.4, at: at)
            #expect(abs(here.temperature - nextHour.temperature) < 3)
            #expect(abs(here.temperature - tenKmAway.temperature) < 1.5)
        }
    }

    @Test func everyConditionOccursSomewhereAndPrecipitationGoesWithIt() {
        var seen: Set<WeatherCondition> = []
        for day in 0..<120 {
            for latitude in stride(from: -60.0, through: 70, by: 10) {
                let reading = model.reading(latitude: latitude, longitude: Double(day % 36) * 10 - 180, at: TestPlaces.july15 + Int64(day) * Self.day / 3)
                seen.insert(reading.condition)
                let wet = [.rain, .snow, .thunder].contains(reading.condition)
                #expect(wet == (reading.precipitation > 0) || (wet && reading.precipitation == 0))
                if !wet { #expect(reading.precipitation == 0) }
                #expect((0...100).contains(reading.precipitationProbability) && (0...100).contains(reading.humidity))
                if reading.condition == .snow { #expect(reading.temperature <= 0.5) }
            }
        }
        #expect(seen == Set(WeatherCondition.allCases), "\(seen)")
    }
}
