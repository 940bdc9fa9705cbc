/// libFuzzer's driver for programs that keep their own `main` (SwiftPM names every executable's
/// entry point): the fuzzers call it from `main` with their one-input function. Each fuzzer still
/// defines `LLVMFuzzerTestOneInput` itself, which libFuzzer's runtime refers to.
///
/// ```swift
/// exit(FuzzDriver.run { input in MyFuzzer.run(input) })
/// ```
///
/// Only in the fuzzing build (`-DFUZZING`, linked with `-sanitize=fuzzer`), which has the driver.
#if FUZZING
public enum FuzzDriver {
    /// Runs libFuzzer over the process's command line; its exit status.
    public static func run(_ body: @escaping @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return runFuzzerDriver(&argc, &argv, body)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif
