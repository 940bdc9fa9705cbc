public import Kernel

/// The seeded generator the tests draw their random cases from.
public typealias SplitMix64 = Kernel.SplitMix64
