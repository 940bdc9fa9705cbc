#if canImport(Glibc)
import Glibc
#endif
import FuzzDriver
import Kernel

#if FUZZING
/// libFuzzer's runtime refers to this symbol even when the driver is started through `LLVMFuzzerRunDriver`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ScrapeFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
#endif

/// The command line, in either build:
///
/// ```
/// ScrapeFuzzer --seeds OUT MAX-LEN CORPUS   the family's seeds for libFuzzer (corpus inputs and route samples)
/// ScrapeFuzzer --which FILE…                the route and content type each input goes to
/// ScrapeFuzzer [libFuzzer flags] [DIR…]     libFuzzer (FUZZING build)
/// ScrapeFuzzer FILE|DIR…                    replays inputs (plain build)
/// ```
@main
struct ScrapeFuzzerMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "--seeds": seeds(arguments.dropFirst())
        case "--which": which(arguments.dropFirst())
        default:
            #if FUZZING
            _ = ScrapeFuzzer.family
            exit(FuzzDriver.run { data, size in
                ScrapeFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
                return 0
            })
            #else
            replay(arguments[...])
            #endif
        }
    }

    /// Replays every file named, or every input in every folder named: a corpus folder holds one
    /// folder per route; a plain file goes where its selector sends it. Prints how many ran.
    static func replay(_ arguments: ArraySlice<String>) {
        var count = 0
        for argument in arguments {
            do {
                if Files.isDirectory(argument) {
                    for input in try FuzzCorpus.inputs(in: argument, routes: ScrapeFuzzer.catalog) {
                        ScrapeFuzzer.run(input.route, selector: input.selector, body: input.body)
                        count += 1
                    }
                } else {
                    try Files.read(argument).withUnsafeBufferPointer { ScrapeFuzzer.run($0) }
                    count += 1
                }
            } catch {
                report("ScrapeFuzzer: \(error)\n")
                exit(1)
            }
        }
        print("replayed \(count) inputs through \(ScrapeFuzzer.catalog.count) routes")
    }

    /// `--seeds OUT MAX-LEN CORPUS`: writes the family's seeds into the folder OUT.
    static func seeds(_ arguments: ArraySlice<String>) {
        let values = Array(arguments)
        guard values.count == 3, let maxLength = Int(values[1]), maxLength > 1 else {
            report("usage: ScrapeFuzzer --seeds OUT MAX-LEN CORPUS\n")
            exit(2)
        }
        let family = ScrapeFuzzer.family
        do {
            let written = try FuzzCorpus.writeSeeds(
                to: values[0], maxLength: maxLength, corpus: values[2], catalog: ScrapeFuzzer.catalog, family: family,
                routesDirectory: ScrapeFuzzer.routesDirectory)
            print("\(written) seeds for \(family.routes.count) \(family.format?.rawValue ?? "") routes in \(values[0])")
        } catch {
            report("ScrapeFuzzer: \(error)\n")
            exit(1)
        }
    }

    /// `--which FILE…`: where each input goes in this family, to file a crash under its route.
    static func which(_ files: ArraySlice<String>) {
        for file in files {
            guard let bytes = try? Files.read(file), let selector = bytes.first else {
                report("ScrapeFuzzer: \(file): unreadable or empty\n")
                exit(1)
            }
            let contentType = FuzzFamily.contentType(selector) ?? "none"
            print("\(file): route \(ScrapeFuzzer.family.route(selector).id), content type \(contentType), body \(bytes.count - 1) bytes")
        }
    }
}
