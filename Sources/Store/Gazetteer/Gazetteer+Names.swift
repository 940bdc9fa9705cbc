extension Gazetteer {
    /// The gazetteer's small tables, kept in memory: a few hundred rows that every result and
    /// every qualified query needs.
    struct Names: Sendable {
        /// Country code → English short name.
        let countries: [String: String]
        /// "CC\tADMIN" → the division's name.
        let admins: [String: String]
        /// Time zones by index.
        let timeZones: [String]
        /// Folded text → the (country, division) pairs it names: a country by its code or name
        /// (division nil), a division by its code or name.
        let qualifiers: [String: [Qualifier]]

        /// A country, or one division of a country, that a query's qualifier names.
        struct Qualifier: Sendable, Hashable {
            let country: String
            let admin: String?

            func matches(country: String, admin: String) -> Bool {
                self.country == country && (self.admin == nil || self.admin == admin)
            }
        }

        /// Common names that are not the countries' short names.
        private static let aliases = ["usa": "US", "america": "US", "uk": "GB", "great britain": "GB", "britain": "GB"]

        init(countries: [String: String], admins: [(country: String, code: String, name: String)], timeZones: [String]) {
            self.countries = countries
            self.timeZones = timeZones
            var byKey: [String: String] = [:]
            var qualifiers: [String: [Qualifier]] = [:]
            func add(_ text: String, _ qualifier: Qualifier) {
                guard let key = StationDirectory.Folding.fold(text), !key.isEmpty else { return }
                if qualifiers[key]?.contains(qualifier) != true { qualifiers[key, default: []].append(qualifier) }
            }
            for (code, name) in countries.sorted(by: { $0.key < $1.key }) {
                add(code, Qualifier(country: code, admin: nil))
                add(name, Qualifier(country: code, admin: nil))
            }
            for (alias, code) in Self.aliases.sorted(by: { $0.key < $1.key }) {
                add(alias, Qualifier(country: code, admin: nil))
            }
            for admin in admins {
                byKey[admin.country + "\t" + admin.code] = admin.name
                add(admin.code, Qualifier(country: admin.country, admin: admin.code))
                add(admin.name, Qualifier(country: admin.country, admin: admin.code))
            }
            self.admins = byKey
            self.qualifiers = qualifiers
        }

        func adminName(country: String, admin: String) -> String? {
            admin.isEmpty ? nil : admins[country + "\t" + admin]
        }

        func timeZone(_ index: Int) -> String {
            timeZones.indices.contains(index) ? timeZones[index] : ""
        }
    }
}
