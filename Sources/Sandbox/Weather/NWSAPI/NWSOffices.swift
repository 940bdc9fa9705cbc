/// The National Weather Service's forecast offices (their three-letter ids) and roughly where
/// each sits, for the api.weather.gov simulator's one rule about offices: a grid cell belongs
/// to the office nearest to it. The real offices' areas follow county lines; this gives each
/// place the office it has or a neighbour of it.
enum NWSOffices {
    /// Office id, latitude, longitude (the office's town, to a tenth of a degree or so).
    static let all: [(id: String, latitude: Double, longitude: Double)] = [
        // Northeast
        ("CAR", 46.87, -68.02), ("GYX", 43.89, -70.26), ("BTV", 44.47, -73.15), ("BOX", 41.96, -71.14), ("ALY", 42.75, -73.80),
        ("BGM", 42.21, -75.98), ("BUF", 42.94, -78.72), ("OKX", 40.87, -72.86), ("PHI", 39.99, -74.80), ("CTP", 40.79, -77.86),
        ("PBZ", 40.53, -80.22), ("LWX", 38.98, -77.49), ("AKQ", 36.98, -77.01), ("RNK", 37.20, -80.41), ("RLX", 38.31, -81.72),
        // Southeast
        ("RAH", 35.77, -78.68), ("MHX", 34.78, -76.88), ("ILM", 34.27, -77.90), ("GSP", 34.88, -82.22), ("CAE", 33.94, -81.12),
        ("CHS", 32.90, -80.03), ("FFC", 33.36, -84.57), ("JAX", 30.48, -81.70), ("TAE", 30.45, -84.30), ("MLB", 28.11, -80.65),
        ("TBW", 27.71, -82.40), ("MFL", 25.75, -80.38), ("KEY", 24.55, -81.78), ("BMX", 33.18, -86.78), ("HUN", 34.72, -86.58),
        ("MOB", 30.68, -88.24), ("JAN", 32.32, -90.08), ("LIX", 30.34, -89.83), ("MRX", 36.17, -83.40), ("OHX", 36.25, -86.56),
        ("MEG", 35.13, -89.80), ("SJU", 18.43, -66.00),
        // Great Lakes and Ohio Valley
        ("CLE", 41.41, -81.86), ("ILN", 39.42, -83.82), ("JKL", 37.59, -83.31), ("LMK", 38.11, -85.65), ("IND", 39.71, -86.28),
        ("IWX", 41.36, -85.70), ("DTX", 42.70, -83.47), ("GRR", 42.89, -85.54), ("APX", 44.91, -84.72), ("MQT", 46.53, -87.55),
        ("GRB", 44.50, -88.11), ("MKX", 42.97, -88.55), ("ARX", 43.82, -91.19), ("LOT", 41.60, -88.08), ("ILX", 40.15, -89.34),
        ("PAH", 37.07, -88.77), ("DVN", 41.61, -90.58), ("DLH", 46.84, -92.21), ("MPX", 44.85, -93.57),
        // Plains
        ("DMX", 41.73, -93.72), ("LSX", 38.70, -90.68), ("SGF", 37.23, -93.40), ("EAX", 38.81, -94.26), ("TOP", 39.07, -95.63),
        ("ICT", 37.65, -97.43), ("DDC", 37.76, -99.97), ("GLD", 39.37, -101.70), ("OAX", 41.32, -96.37), ("GID", 40.65, -98.38),
        ("LBF", 41.13, -100.68), ("FSD", 43.59, -96.73), ("ABR", 45.46, -98.41), ("UNR", 44.07, -103.21), ("FGF", 47.92, -97.09),
        ("BIS", 46.77, -100.76),
        // South
        ("LZK", 34.84, -92.26), ("TSA", 36.15, -95.86), ("OUN", 35.18, -97.44), ("SHV", 32.45, -93.84), ("LCH", 30.13, -93.22),
        ("HGX", 29.47, -95.08), ("FWD", 32.83, -97.30), ("EWX", 29.70, -98.03), ("CRP", 27.78, -97.51), ("BRO", 25.92, -97.42),
        ("SJT", 31.37, -100.49), ("MAF", 31.94, -102.19), ("LUB", 33.53, -101.87), ("AMA", 35.23, -101.71), ("EPZ", 31.87, -106.70),
        ("ABQ", 35.04, -106.62),
        // Mountains
        ("BOU", 40.00, -105.26), ("PUB", 38.28, -104.52), ("GJT", 39.12, -108.53), ("CYS", 41.15, -104.81), ("RIW", 43.06, -108.48),
        ("BYZ", 45.75, -108.57), ("GGW", 48.21, -106.63), ("TFX", 47.46, -111.38), ("MSO", 46.92, -114.09), ("PIH", 42.91, -112.60),
        ("BOI", 43.57, -116.21), ("SLC", 40.77, -111.95), ("FGZ", 35.23, -111.82), ("PSR", 33.43, -112.02), ("TWC", 32.23, -110.95),
        ("VEF", 36.05, -115.18), ("LKN", 40.74, -115.81), ("REV", 39.57, -119.80),
        // Pacific
        ("SGX", 32.84, -117.13), ("LOX", 34.20, -119.18), ("HNX", 36.31, -119.63), ("MTR", 36.59, -121.86), ("STO", 38.61, -121.38),
        ("EKA", 40.81, -124.16), ("MFR", 42.38, -122.88), ("PQR", 45.56, -122.54), ("PDT", 45.69, -118.85), ("SEW", 47.69, -122.26),
        ("OTX", 47.68, -117.63), ("HFO", 21.30, -157.82), ("AFC", 61.16, -150.00), ("AFG", 64.86, -147.85), ("AJK", 58.37, -134.58),
    ]

    /// The office nearest to a point.
    static func nearest(latitude: Double, longitude: Double) -> (id: String, latitude: Double, longitude: Double) {
        let point = GeoPoint(latitude, longitude)
        return all.min { point.meters(to: GeoPoint($0.latitude, $0.longitude)) < point.meters(to: GeoPoint($1.latitude, $1.longitude)) }!
    }

    /// The office with an id, or nil.
    static func named(_ id: String) -> (id: String, latitude: Double, longitude: Double)? {
        all.first { $0.id == id }
    }
}
