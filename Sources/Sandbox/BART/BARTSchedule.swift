/// When trains leave the first station of their route, in local time: from 05:00 on weekdays,
/// 06:00 on Saturdays and 08:00 on Sundays, every 15 minutes until 20:00, then every 20 minutes
/// until midnight, as BART runs (holidays aside). Each route's day starts a few minutes later
/// (its stagger, chosen by ``BARTNetwork`` so that the lines sharing a track alternate).
public struct BARTSchedule: Sendable, Hashable {
    /// Seconds after midnight of the first departure, Monday to Friday.
    public var weekdayStart = 5 * 3600
    /// Seconds after midnight of the first departure on Saturdays.
    public var saturdayStart = 6 * 3600
    /// Seconds after midnight of the first departure on Sundays.
    public var sundayStart = 8 * 3600
    /// Seconds between trains in the day.
    public var daytimeHeadway = 15 * 60
    /// Seconds after midnight from which the evening headway applies.
    public var eveningStart = 20 * 3600
    /// Seconds between trains in the evening.
    public var eveningHeadway = 20 * 60
    /// Seconds after midnight of the latest departure from a first station (24:00 is midnight).
    public var lastDeparture = 24 * 3600

    /// The timetable BART runs.
    public init() {}

    /// Seconds after the date's local midnight at which the route's trains leave its first
    /// station; `stagger` (seconds) moves the whole day's service later.
    public func departures(on date: CalendarDate, stagger: Int) -> [Int] {
        let start = switch date.weekday {
        case 6: saturdayStart
        case 7: sundayStart
        default: weekdayStart
        }
        var times: [Int] = []
        var time = start + stagger
        while time < eveningStart, time <= lastDeparture {
            times.append(time)
            time += max(daytimeHeadway, 60)
        }
        while time <= lastDeparture {
            times.append(time)
            time += max(eveningHeadway, 60)
        }
        return times
    }
}
