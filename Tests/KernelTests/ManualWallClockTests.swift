import Testing
import Kernel

@Suite("Wall clocks")
struct ManualWallClockTests {
    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualWallClock(1_800_000_000_500)
        let reading = clock.reading
        let seconds = clock.seconds
        #expect(reading() == 1_800_000_000_500 && seconds() == 1_800_000_000)
        clock.advance(milliseconds: 1_500)
        #expect(reading() == 1_800_000_002_000 && clock.now == 1_800_000_002_000 && seconds() == 1_800_000_002)
        clock.advance(seconds: 0.25)
        #expect(clock.now == 1_800_000_002_250)
    }

    @Test func systemClockReadsMillisecondsAndSeconds() {
        let seconds = WallClock.seconds()
        let milliseconds = WallClock.milliseconds()
        // Both readings come from the same clock: the later millisecond reading is not behind the seconds.
        #expect(milliseconds / 1000 >= seconds)
        #expect(seconds > 1_700_000_000)
    }
}
