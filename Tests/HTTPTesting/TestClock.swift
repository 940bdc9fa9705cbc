public import Kernel

/// A wall clock in milliseconds that a test moves by hand, for caches and upstream clients: Kernel's.
public typealias TestClock = ManualWallClock
