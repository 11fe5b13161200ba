// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Clockwork",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ClockworkCore", targets: ["ClockworkCore"]),
    .library(name: "ClockworkScene", targets: ["ClockworkScene"]),
    .library(name: "ClockworkCairo", targets: ["ClockworkCairo"]),
    .library(name: "ClockworkWidgets", targets: ["ClockworkWidgets"]),
    .library(name: "ClockworkState", targets: ["ClockworkState"]),
    .library(name: "ClockworkLive", targets: ["ClockworkLive"]),
    .library(name: "ClockworkTerminal", targets: ["ClockworkTerminal"]),
    .library(name: "ClockworkWindow", targets: ["ClockworkWindow"]),
    .library(name: "ClockworkAlerts", targets: ["ClockworkAlerts"]),
    .library(name: "ClockworkRoutines", targets: ["ClockworkRoutines"]),
    .executable(name: "clockwork", targets: ["clockwork"]),
    .executable(name: "clockwork-alerts", targets: ["clockwork-alerts"]),
    .executable(name: "clockwork-desktop", targets: ["clockwork-desktop"]),
    .executable(name: "window-clock", targets: ["WindowClock"]),
    .executable(name: "custom-parts", targets: ["CustomParts"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // `make docs`: the DocC catalogs of the library products.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Time model: dial angles, oscillators, stopwatch, countdown, deadline arithmetic, parsing.
    .target(
      name: "ClockworkCore",
      dependencies: [
        .target(name: "CGettext", condition: .when(platforms: [.linux])),
        .target(name: "CCalendar", condition: .when(platforms: [.linux])),
        .product(name: "RealModule", package: "swift-numerics"),
      ]),
    // GNU gettext's calls (in glibc): the texts a person reads, in their language.
    .systemLibrary(name: "CGettext"),
    // ICU's calendars, loaded with dlopen when a date in another calendar is first written
    // (libicu at run time; libicu-dev's headers at build time).
    .target(name: "CCalendar"),
    // State that survives restarts: atomic versioned files, locks, wall-clock anchors.
    .target(
      name: "ClockworkState",
      dependencies: ["ClockworkCore", .product(name: "SystemPackage", package: "swift-system")]),
    // Core Animation-style layers and animations; presentation at time t is pure.
    .target(name: "ClockworkScene", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    .systemLibrary(name: "CCairo"),
    // The one renderer: a presentation tree onto any Cairo surface (image, PNG, SVG, PDF).
    .target(
      name: "ClockworkCairo",
      dependencies: ["ClockworkScene", "CCairo", "CSvg", "CGlyphOutlines", "CPixelBlend", "CAnimation"]),
    // GIF (giflib, libimagequant) and animated WebP (libwebp), loaded with dlopen when the first
    // animation is written (the -dev packages' headers at build time).
    .target(name: "CAnimation", dependencies: ["CDynamicCalls"]),
    // A gradient blended through a coverage mask, four pixels at a time (the window's pulse).
    .target(name: "CPixelBlend"),
    // Text as FreeType's outlines, for a terminal's dial: its fonts let go once it is drawn.
    // (FreeType's headers are where Debian's libfreetype-dev puts them; none are public here.
    // A system library with pkgConfig would put the system's library folder ahead of the
    // release build's archives, and link Cairo and FreeType as shared libraries.)
    .target(
      name: "CGlyphOutlines", dependencies: ["CCairo"],
      cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])],
      linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("freetype")]),
    // librsvg's calls, loaded with dlopen when an SVG picture is drawn (librsvg2-2 at run time).
    .target(name: "CSvg", dependencies: ["CCairo", "CDynamicCalls"]),
    // glibc calls the Glibc module leaves out (mallopt, prctl, timerfd, inotify).
    .systemLibrary(name: "CGlibcExtras"),
    // The handler of fatal signals: a last word and the terminal put back, then the old handler.
    .target(name: "CFatalSignals"),
    // libnotify's calls, loaded with dlopen when a notification is sent (libnotify4 at run time).
    .target(name: "CNotify", dependencies: ["CDynamicCalls"]),
    // libcanberra's calls, loaded with dlopen when a sound is played (libcanberra0 at run time).
    .target(name: "CSound", dependencies: ["CDynamicCalls"]),
    // The frame runner: schedules a live mode's frames at its next visible change on any clock,
    // draws ahead, repaints on input, resize, wall-clock steps and late wake-ups. Knows no surface.
    .target(name: "ClockworkLive"),
    // The process on Linux: the deadline thread, signals, standard input and output, --exec.
    .target(
      name: "ClockworkSystem",
      dependencies: ["ClockworkLive", "CGlibcExtras", "CFatalSignals", "CNotify", "CSound", .product(name: "SystemPackage", package: "swift-system")]),
    // The macros that turn a list of a library's calls into pointers dlsym fills and wrappers.
    .target(name: "CDynamicCalls"),
    // GTK 4's calls, loaded with dlopen when a window opens (libgtk-4-1 at run time; Xlib's
    // headers from libx11-dev).
    .target(name: "CGtkWindow", dependencies: ["CDynamicCalls"]),
    // A desktop window: any layer tree drawn with Cairo, shown through GTK 4 (X11 or Wayland).
    .target(name: "ClockworkWindow", dependencies: ["ClockworkScene", "ClockworkCairo", "ClockworkLive", "CGtkWindow"]),
    // libchafa's functions, loaded with dlopen when --graphics chafa or sixels first need them.
    .target(name: "CChafa", dependencies: ["CDynamicCalls"]),
    // Clock face, countdown ring, gradient backdrop, stopwatch display: built from layers.
    .target(name: "ClockworkWidgets", dependencies: ["ClockworkCore", "ClockworkScene"]),
    // The tty: raw mode and restoring it, keys, capabilities, pixels → cells, damage-based output.
    .target(
      name: "ClockworkTerminal",
      dependencies: [
        "ClockworkScene", "ClockworkCairo", "ClockworkLive", "ClockworkSystem", "CChafa",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // Timers and alarms, end to end: their stored form, what is due and when, ringing, snooze
    // and stop, delivery through the user's systemd manager or our watcher. No drawing: the
    // watcher is a small process of its own.
    .target(name: "ClockworkAlerts", dependencies: ["ClockworkCore", "ClockworkState", "ClockworkLive", "ClockworkSystem"]),
    // What people build on timers and alarms: presets, and a status line for panels. Not in the
    // watcher: what waits between alerts stays small.
    .target(name: "ClockworkRoutines", dependencies: ["ClockworkAlerts", "ClockworkCore", "ClockworkState", "ClockworkSystem"]),
    // The watcher's executable, beside the app's: what waits between alerts is small.
    .executableTarget(name: "clockwork-alerts", dependencies: ["ClockworkAlerts", "ClockworkState", "ClockworkSystem"]),
    // The app's modes: the clock, timer and stopwatch in a terminal, in a window, as plain lines.
    .target(
      name: "ClockworkModes",
      dependencies: [
        "ClockworkCore", "ClockworkScene", "ClockworkWidgets", "ClockworkCairo", "ClockworkTerminal", "ClockworkState",
        "ClockworkLive", "ClockworkSystem", "ClockworkWindow", "ClockworkAlerts",
      ]),
    // Fakes shared by every test target (test clocks, a settable wall clock).
    .target(
      name: "ClockworkTestSupport",
      dependencies: [
        "ClockworkAlerts",
        "ClockworkCore",
        "ClockworkScene",
        "ClockworkCairo",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .executableTarget(
      name: "clockwork",
      dependencies: [
        "ClockworkCore",
        "ClockworkScene",
        "ClockworkWidgets",
        "ClockworkCairo",
        "ClockworkTerminal",
        "ClockworkState",
        "ClockworkLive",
        "ClockworkSystem",
        "ClockworkModes",
        "ClockworkAlerts",
        "ClockworkRoutines",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // GTK 4 and libadwaita (libadwaita-1-dev), for the desktop app alone: the terminal app
    // links no GUI toolkit.
    .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
    // GTK's signal macro and variadic accessibility calls, which Swift cannot call.
    .target(name: "CDesktop", dependencies: ["CAdwaita"], linkerSettings: [.linkedLibrary("X11")]),
    // The desktop app: World, Alarms, Stopwatch and Timer on the command line's state.
    .executableTarget(
      name: "clockwork-desktop",
      dependencies: [
        "CAdwaita", "CDesktop", "ClockworkAlerts", "ClockworkCore", "ClockworkLive", "ClockworkModes",
        "ClockworkScene", "ClockworkState", "ClockworkSystem", "ClockworkWidgets", "ClockworkWindow",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Examples/WindowClock: a clock face in a window of one's own program, in a few dozen lines.
    // Examples/CustomParts: a face whose second hand, dial and a picture come from code.
    .executableTarget(
      name: "CustomParts",
      dependencies: ["ClockworkCore", "ClockworkScene", "ClockworkCairo", "ClockworkWidgets"],
      path: "Examples/CustomParts"),
    .executableTarget(
      name: "WindowClock",
      dependencies: ["ClockworkCore", "ClockworkLive", "ClockworkScene", "ClockworkWidgets", "ClockworkWindow"],
      path: "Examples/WindowClock"),
    .testTarget(
      name: "ClockworkCoreTests",
      dependencies: [
        "ClockworkCore",
        "ClockworkTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "ClockworkSceneTests",
      dependencies: ["ClockworkScene", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkCairoTests",
      dependencies: ["ClockworkCairo", "ClockworkScene", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkWidgetsTests",
      dependencies: ["ClockworkWidgets", "ClockworkCairo", "ClockworkScene", "ClockworkCore", "ClockworkTestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ClockworkTerminalTests",
      dependencies: ["ClockworkTerminal", "ClockworkLive", "ClockworkSystem", "ClockworkWidgets", "ClockworkCore", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkSystemTests",
      dependencies: ["ClockworkSystem"]
    ),
    .testTarget(
      name: "ClockworkWindowTests",
      dependencies: ["ClockworkWindow", "ClockworkScene"]
    ),
    .testTarget(
      name: "ClockworkLiveTests",
      dependencies: ["ClockworkLive", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkModesTests",
      dependencies: [
        "ClockworkModes", "ClockworkAlerts", "ClockworkState", "ClockworkCore", "ClockworkLive", "ClockworkTerminal", "ClockworkCairo", "ClockworkTestSupport",
      ]
    ),
    .testTarget(
      name: "ClockworkAlertsTests",
      dependencies: ["ClockworkAlerts", "ClockworkState", "ClockworkSystem", "ClockworkCore", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkRoutinesTests",
      dependencies: ["ClockworkRoutines", "ClockworkAlerts", "ClockworkState", "ClockworkCore", "ClockworkSystem", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkStateTests",
      dependencies: ["ClockworkState", "ClockworkCore", "ClockworkTestSupport"]
    ),
    .testTarget(
      name: "ClockworkCLITests",
      dependencies: [
        "clockwork", "ClockworkTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
