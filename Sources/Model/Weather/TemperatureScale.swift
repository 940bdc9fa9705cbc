/// The fixed colour steps a map gives temperatures: 5 °C bands from below −10 °C (deep blue) to
/// 30 °C and above (deep red), and grey for no weather. Fixed, so that two maps compare.
public enum TemperatureScale {
    /// The band edges in °C; band `i` is below `edges[i]` and at or above `edges[i - 1]`.
    public static let edges: [Double] = [-10, -5, 0, 5, 10, 15, 20, 25, 30]
    /// One colour per band, coldest first: one more than the edges.
    public static let colors = [
        "#2b3a8c", "#3b64b8", "#5e93d4", "#93c2e8", "#d2e8f2", "#fde9a9", "#fbbf6b", "#f38a45", "#db4f2b", "#a8231c",
    ]
    /// The colour of a place without weather.
    public static let none = "#b0b0b0"

    /// The colour of a temperature in °C; grey for none (or not a number).
    public static func color(_ celsius: Double?) -> String {
        guard let celsius, celsius.isFinite else { return none }
        return colors[edges.firstIndex { celsius < $0 } ?? edges.count]
    }
}
