import Model

/// The notices the sandbox publishes each day, and which rides they apply to.
///
/// - Construction works on the designated line (Bern – Zürich HB), both directions, every day
///   20:00–23:59: one track is closed, so trains need a few minutes more and late trains are
///   replaced by buses. They apply to the line's runs under way in that period.
/// - A station notice for Bern, all day: a lift out of order. It applies to the runs leaving or
///   reaching Bern, and so shows on Bern's board.
extension TimetableModel {
    /// The station the daily station notice is about (Bern).
    static let noticeStationID = "8507000"
    /// Who publishes the sandbox's notices (`siri:ParticipantRef`).
    static let participant = "gottago-sandbox"

    /// The notices published for a day, each when its line or station is in the timetable.
    public func situations(on day: CalendarDate) -> [Situation] {
        [lineWorks(on: day), stationNotice(on: day)].compactMap(\.self)
    }

    /// The designated line's evening works on a day.
    func lineWorks(on day: CalendarDate) -> Situation? {
        guard let designated = network.designatedLine else { return nil }
        let line = network.lines[designated]
        let from = network.stations[line.stops[0]].name, to = network.stations[line.stops[line.stops.count - 1]].name
        return Situation(
            number: "ch:1:sstid:100001:gottago-works-\(network.stations[line.stops[0]].id)-\(network.stations[line.stops[line.stops.count - 1]].id)-\(day.compact)",
            participant: Self.participant, scope: .line, from: from, to: to,
            creation: local(day, hour: 5, minute: 0), start: local(day, hour: 20, minute: 0), end: local(day, hour: 23, minute: 59),
            cause: "constructionWork", priority: 3,
            summary: "\(from) – \(to): Einschränkungen wegen Bauarbeiten.",
            reason: "Der Grund dafür sind Bauarbeiten. Zwischen \(from) und \(to) ist ein Gleis gesperrt.",
            description: "Die Züge \(from) – \(to) brauchen bis zu 10 Minuten länger. Verspätete Züge werden durch Ersatzbusse ersetzt.",
            duration: "Die Einschränkung dauert täglich von 20:00 bis 23:59.",
            url: "https://www.sbb.ch/", urlLabel: "SBB")
    }

    /// The station notice for Bern on a day.
    func stationNotice(on day: CalendarDate) -> Situation? {
        guard let station = network.index[Self.noticeStationID] else { return nil }
        let name = network.stations[station].name
        return Situation(
            number: "ch:1:sstid:100001:gottago-lift-\(Self.noticeStationID)-\(day.compact)", participant: Self.participant, scope: .stopPoint, from: name, to: nil,
            creation: local(day, hour: 0, minute: 0), start: local(day, hour: 0, minute: 0), end: local(day, hour: 23, minute: 59),
            cause: "liftFailure", priority: 3,
            summary: "Der stufenfreie Zugang zum Bahnhof \(name) ist für Reisende mit Mobilitätseinschränkung nicht garantiert.",
            reason: "Der Grund dafür ist eine Liftstörung.",
            description: "Betroffen ist der Personenlift Gleis 5/6.",
            duration: "Die Einschränkung dauert bis zirka 23:59.",
            url: "https://www.sbb.ch/", urlLabel: "SBB")
    }

    /// The notices that apply to a run ridden between two of its stops: the line's while the run
    /// is under way, and the station notice where the ride leaves or reaches its station.
    func situations(of run: Run, from first: Int, to last: Int) -> [Situation] {
        var found: [Situation] = []
        if let designated = network.designatedLine, let group = run.line.group, group == network.lines[designated].group,
           let works = lineWorks(on: run.serviceDay), works.overlaps(run.start, run.arrival(at: run.line.stops.count - 1)) {
            found.append(works)
        }
        if let station = network.index[Self.noticeStationID] {
            for (position, instant) in [(first, run.departure(at: first)), (last, run.arrival(at: last))] where run.line.stops[position] == station {
                if let notice = stationNotice(on: clock.moment(instant).local.date), notice.overlaps(instant, instant), !found.contains(notice) {
                    found.append(notice)
                }
            }
        }
        return found
    }

    /// A wall-clock reading of a day as a moment.
    private func local(_ day: CalendarDate, hour: Int, minute: Int) -> Moment {
        clock.moment(of: LocalDateTime(date: day, secondOfDay: hour * 3600 + minute * 60))
    }
}
