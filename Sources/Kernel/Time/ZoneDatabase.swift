import Synchronization

/// Finds, reads and caches zones from the system tz database.
enum ZoneDatabase {
    static let directory = "/usr/share/zoneinfo"
    // Real TZif files are a few KiB; anything much larger is not one.
    private static let maximumFileSize = 1 << 20
    private static let cache = Mutex<[String: ZoneRules]>([:])

    /// Returns the cached zone or loads it from the database.
    static func rules(named name: String) throws(ZoneError) -> ZoneRules {
        guard isValid(name: name) else {
            throw ZoneError("time zone name \(messageQuoted(name)) is invalid (expected an IANA name such as Europe/Zurich)")
        }
        if name == "UTC" { return .utc }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        guard let bytes = try? Files.read(directory + "/" + name, limit: maximumFileSize, regularOnly: true) else {
            throw ZoneError("unknown time zone \(messageQuoted(name))")
        }
        let rules = try ZoneRules(name: name, tzif: bytes)
        cache.withLock { $0[name] = rules }
        return rules
    }

    /// Only plain relative names, so a route cannot make the server open arbitrary files.
    static func isValid(name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128, !name.hasPrefix("/"), !name.contains(".."),
              !name.hasSuffix("/"), !name.contains("//") else { return false }
        return name.utf8.allSatisfy { byte in
            byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
        }
    }
}
