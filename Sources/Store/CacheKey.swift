/// Cache keys for normalized upstream requests.
///
/// ```swift
/// CacheKey.make(route: "sbb-stationboard", routeDigest: "9f2c…", method: "GET",
///               url: "https://transport.example/stationboard?id=8503000", body: nil)
/// // "gottago:v2:sbb-stationboard:9f2c…:3b5e0c7a1d2f4e68"
/// ```
///
/// The route file's digest is part of the key, so a changed route never reads records cached
/// in the shape of its previous version: they simply stop being asked for and expire.
public enum CacheKey {
    /// The prefix of every key this service writes, with a version that changes whenever what is
    /// stored under the keys changes its format (v2: extractions with typed times, format 3), so
    /// that instances of two versions sharing one Redis during a rollout do not read each other's
    /// values as misses and overwrite them.
    public static let prefix = "gottago:v2:"

    /// The key for a request to an upstream on behalf of a route.
    ///
    /// The caller passes the request already normalized (method, URL with sorted query, body);
    /// a missing body and an empty one make the same key.
    public static func make(route: String, routeDigest: String, method: String, url: String, body: [UInt8]?) -> String {
        var hash = FNV1a64()
        hash.add(method.utf8)
        hash.add(CollectionOfOne(0))
        hash.add(url.utf8)
        hash.add(CollectionOfOne(0))
        hash.add(body ?? [])
        return prefix + route + ":" + routeDigest + ":" + hex(hash.value)
    }

    /// Sixteen lowercase hex digits, zero-padded.
    static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            bytes[index] = digits[Int(value >> UInt64(60 - 4 * index) & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// 64-bit FNV-1a (http://www.isthe.com/chongo/tech/comp/fnv/).
///
/// Written out here rather than taken from `Markup.XXHash64`: Store sits below Markup and must
/// not depend on it, and FNV-1a is a few lines. It is not collision-resistant against an
/// adversary, which a cache key for our own normalized requests does not need; the route id and
/// digest stay readable in the key, so a collision could only mix two requests of one route.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
}
