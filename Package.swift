// swift-tools-version:6.0
import PackageDescription

// Our C targets' debug information in DWARF 4, which valgrind (callgrind in `make bench`) reads;
// clang's default, DWARF 5, makes valgrind 3.19 give up on the whole binary.
let cSettings: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "gottago",
    products: [
        .executable(name: "gottago", targets: ["gottago"]),
    ],
    targets: [
        // Plain values every layer shares: civil time and zones, the wall clock, coordinates, file reading.
        .target(name: "Kernel", swiftSettings: swiftSettings),

        // C libraries from Debian, one system library target each.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),
        // glibc's malloc.h (mallopt), part of libc6-dev.
        .systemLibrary(name: "CMalloc"),
        // glibc's epoll, eventfd and accept4, part of libc6-dev.
        .systemLibrary(name: "CEpoll"),
        // llhttp, the HTTP/1 parser of Node.js, compiled from the sources Debian's node-llhttp
        // installs (/usr/share/llhttp): the target's files are links to them, nothing is copied.
        .target(name: "CLLHTTP", cSettings: cSettings + [.unsafeFlags(["-O2", "-w"])]),

        // Layers, bottom up: Kernel ▸ Markup ▸ Scrape ▸ Fetch/Store ▸ Upstream ▸ Model ▸ Server ▸ API ▸ gottago.
        .target(name: "Markup", dependencies: ["Kernel", "CLibXML2", "ParseArena"], swiftSettings: swiftSettings),
        // libxml2's memory while a document is parsed: one arena per document, freed with it.
        .target(name: "ParseArena", cSettings: cSettings),
        .target(name: "Scrape", dependencies: ["Kernel", "Markup"], exclude: ["Normalizers/README.md"], swiftSettings: swiftSettings),
        .target(name: "Fetch", dependencies: ["Kernel", "CCurl", "Compression"], swiftSettings: swiftSettings),
        .target(name: "Store", dependencies: ["Kernel", "CHiredis", "CSQLite3", "Compression", "Model", "EmbeddedFiles"], swiftSettings: swiftSettings),
        // The embedded gazetteer's, Swiss station set's and BART timetable's bytes (scripts/derive-*.py write them and their .S files).
        // web.S embeds the web page's files (Web/) for scripts/embed-web.py.
        .target(name: "EmbeddedFiles", exclude: ["include/gazetteer.tsv.gz", "include/stations.tsv", "include/bart-gtfs.zip"], cSettings: cSettings),
        .target(name: "Upstream", dependencies: ["Kernel", "Fetch", "Store", "Scrape"], swiftSettings: swiftSettings),
        .target(name: "Model", dependencies: ["Kernel", "Markup", "EmbeddedFiles"], swiftSettings: swiftSettings),
        .target(name: "Compression", dependencies: ["CZlib"], swiftSettings: swiftSettings),
        .target(name: "Server", dependencies: ["Kernel", "Markup", "Compression", "CLLHTTP", "CEpoll"], swiftSettings: swiftSettings),
        // The aggregations behind the public endpoints: connections for station lists, departures, weather along a route.
        .target(name: "Services", dependencies: ["Kernel", "Upstream", "Scrape", "Model", "Store"], swiftSettings: swiftSettings),
        // Upstream simulators answering in the real formats, served in-process for offline runs, tests and benchmarks.
        .target(name: "Sandbox", dependencies: ["Kernel", "Model", "Markup", "Server", "Store"], swiftSettings: swiftSettings),
        .target(name: "API", dependencies: ["Kernel", "Server", "Model", "Markup", "Scrape", "Store", "Upstream", "Services", "EmbeddedFiles"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "gottago", dependencies: ["Kernel", "CMalloc", "API", "Server", "Scrape", "Markup", "Fetch", "Store", "Upstream", "Services", "Sandbox", "Model"],
            swiftSettings: swiftSettings),
        // Arbitrary bytes through every route: a libFuzzer target under `make fuzz`, a corpus replayer otherwise.
        // libFuzzer's driver, for the fuzzers below.
        .target(name: "FuzzDriver", swiftSettings: swiftSettings),
        .executableTarget(name: "ScrapeFuzzer", dependencies: ["Kernel", "Scrape", "Markup", "FuzzDriver"], swiftSettings: swiftSettings),
        // Arbitrary bytes, split at arbitrary points, through the HTTP core's connection state machine (`make fuzz`).
        .executableTarget(name: "HTTPFuzzer", dependencies: ["Server", "Markup", "FuzzDriver"], swiftSettings: swiftSettings),
        .executableTarget(name: "ScrapeBench", dependencies: ["Kernel", "Scrape", "Markup"], path: "Sources/ScrapeBench", swiftSettings: swiftSettings),
        // Nearest-station queries over a large directory against a plain scan (`make bench`).
        .executableTarget(name: "DirectoryBench", dependencies: ["Kernel", "Store", "Model"], swiftSettings: swiftSettings),
        // GTFS imports against a naive Python importer, and nearby answers per second (`make bench`, transit part).
        // A day of journey requests through three caching strategies, counting upstream calls (`make bench`, workload part).
        .executableTarget(
            name: "WorkloadBench", dependencies: ["Kernel", "Store", "Model", "Services", "Upstream", "Scrape", "Fetch", "Sandbox"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "TransitBench", dependencies: ["Kernel", "Store", "Model", "Markup", "Services", "Upstream", "Scrape", "Fetch", "Sandbox"],
            swiftSettings: swiftSettings),

        // Test support: a real libcurl client for driving the live server.
        .target(name: "HTTPTesting", dependencies: ["Kernel", "CCurl", "Server", "Compression", "Markup", "Store"], path: "Tests/HTTPTesting", swiftSettings: swiftSettings),

        .testTarget(name: "KernelTests", dependencies: ["Kernel"], swiftSettings: swiftSettings),
        .testTarget(name: "CompressionTests", dependencies: ["Compression"], swiftSettings: swiftSettings),
        .testTarget(name: "MarkupTests", dependencies: ["Markup", "CLibXML2", "ParseArena"], swiftSettings: swiftSettings),
        .testTarget(name: "ScrapeTests", dependencies: ["Kernel", "Scrape", "Markup"], swiftSettings: swiftSettings),
        .testTarget(name: "StoreTests", dependencies: ["Kernel", "Store", "HTTPTesting", "Model", "Compression"], swiftSettings: swiftSettings),
        .testTarget(name: "ServicesTests", dependencies: ["Kernel", "Services", "Model", "Markup", "Scrape", "Store", "Upstream", "Fetch", "HTTPTesting", "Sandbox", "Server"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SandboxTests", dependencies: ["Kernel", "Sandbox", "Model", "Markup", "Scrape", "Server", "HTTPTesting"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(name: "UpstreamTests", dependencies: ["Kernel", "Upstream", "Fetch", "Store", "Scrape", "HTTPTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "FetchTests", dependencies: ["Fetch", "Server", "Markup", "Compression", "HTTPTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "ServerTests", dependencies: ["Kernel", "Server", "Markup", "Compression", "HTTPTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "APITests", dependencies: ["Kernel", "API", "Server", "Markup", "Model", "HTTPTesting", "gottago", "CLibXML2", "Scrape", "Store", "Upstream", "Fetch", "Services", "Sandbox"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
