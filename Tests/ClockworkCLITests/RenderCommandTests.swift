import ClockworkCairo
import ClockworkTestSupport
import Foundation
import Synchronization
import Testing

/// `clockwork render`: every format, frame sequences, and bad input that leaves no file behind.
@Suite struct RenderCommandTests {
  @Test(arguments: [
    ("png", [UInt8](arrayLiteral: 0x89, 0x50, 0x4E, 0x47)), ("svg", Array("<?xml".utf8)),
    ("pdf", Array("%PDF-".utf8)), ("gif", Array("GIF89a".utf8)), ("webp", Array("RIFF".utf8)),
  ])
  func eachFormatFollowsTheExtension(ext: String, magic: [UInt8]) throws {
    let dir = try TemporaryDirectory()
    let file = dir.file("clock.\(ext)")
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--at", "10:08:42", "--size", "128", "-o", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    #expect(Array(try Data(contentsOf: file).prefix(magic.count)) == magic)
    #expect(try dir.contents() == ["clock.\(ext)"])
  }

  @Test func formatOptionOverridesTheExtension() throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run(
      "clockwork",
      ["render", "clock", "--format", "svg", "--size", "64", "-o", dir.file("stamp.img").path])
    #expect(result.status == 0)
    #expect(
      String(decoding: try Data(contentsOf: dir.file("stamp.img")).prefix(5), as: UTF8.self)
        == "<?xml")
  }

  @Test func theStampShowsTheRequestedTime() throws {
    let dir = try TemporaryDirectory()
    let file = dir.file("three.png")
    let result = try BinaryRunner.run(
      "clockwork",
      [
        "render", "clock", "--at", "03:00:00", "--zone", "UTC", "--parts", "dial,hour", "--size",
        "200", "-o", file.path,
      ])
    #expect(result.status == 0)
    let image = try CairoSurface.png(contentsOf: file)
    #expect(image.pixel(x: 140, y: 100).r < 40)  // the hour hand, black, at 3 o'clock
    #expect(image.pixel(x: 50, y: 100).r > 240)  // the white dial at 9 o'clock
  }

  /// The digital face in every format; its digits read back from the PDF's text (pdftotext)
  /// and its pixels from the PNG (light digits on the theme's dial).
  @Test func theDigitalFaceIsStampedInEachFormat() throws {
    let dir = try TemporaryDirectory()
    for (ext, options) in [
      ("pdf", ["--no-seconds", "--12h"]), ("pdf", []), ("svg", []), ("png", []),
    ] {
      let file = dir.file("digital\(options.count).\(ext)")
      let result = try BinaryRunner.run(
        "clockwork",
        [
          "render", "clock", "--face", "digital", "--theme", "night", "--at",
          "2026-11-25T14:32:05Z", "--zone", "UTC", "--size", "256", "-o", file.path,
        ] + options)
      #expect(result.status == 0, "\(result.stderr)")
      if ext == "pdf" {
        let text = try BinaryRunner.run("/usr/bin/pdftotext", [file.path, "-"]).stdout
        #expect(
          text.contains(options.isEmpty ? "14:32:05" : "2:32 PM")
            && text.contains("Wed 2026-11-25"), "\(text)")
      }
    }
    let png = try #require(ImagePixels.decode(try Data(contentsOf: dir.file("digital0.png"))))
    #expect(png.width == 256 && png.height == 256)
    let refused = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--no-seconds", "-o", dir.file("x.png").path])
    #expect(refused.status == 64 && refused.stderr.contains("go with --face digital"))
  }

  @Test func framesAreNumbered() throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run(
      "clockwork",
      [
        "render", "clock", "--oscillator", "recoil", "--frames", "3", "--fps", "10", "--size", "64",
        "-o", dir.file("tick.png").path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try dir.contents() == ["tick-0001.png", "tick-0002.png", "tick-0003.png"])
  }

  @Test func timerStampAndFrames() throws {
    let dir = try TemporaryDirectory()
    let one = try BinaryRunner.run(
      "clockwork",
      [
        "render", "timer", "--remaining", "42s", "--total", "1m", "--pulse-phase", "0.3",
        "--backdrop", "--size", "96", "-o", dir.file("ring.pdf").path,
      ])
    #expect(one.status == 0, "\(one.stderr)")
    let many = try BinaryRunner.run(
      "clockwork",
      [
        "render", "timer", "--remaining", "2s", "--total", "10s", "--frames", "2", "--size", "64",
        "-o", dir.file("ring.png").path,
      ])
    #expect(many.status == 0)
    #expect(try dir.contents() == ["ring-0001.png", "ring-0002.png", "ring.pdf"])
  }

  @Test(arguments: [
    (["render", "clock", "--size", "0"], "--size must be from 1 to 8192 pixels, got 0"),
    (["render", "clock", "--size", "9000"], "--size must be from 1 to 8192 pixels, got 9000"),
    (["render", "clock", "--zone", "Atlantis/Capital"], "unknown time zone 'Atlantis/Capital'"),
    (
      ["render", "clock", "--theme", "sunset"],
      "unknown theme 'sunset' (known: classic, station, night, dbclock, fwtclock"
    ),
    (
      ["render", "clock", "--dial-image", "/nowhere/dial.png"],
      "--dial-image /nowhere/dial.png: cannot read the file"
    ),
    (
      ["render", "clock", "--dial-image", "/etc/hostname"],
      "--dial-image /etc/hostname: not a PNG or SVG picture"
    ),
    (["render", "clock", "--dial-placement", "fill"], "--dial-placement needs --dial-image"),
    (
      ["render", "clock", "--dial-image", "/dev/null", "--dial-placement", "tile"],
      "The value 'tile' is invalid for '--dial-placement <how>'"
    ),
    (["render", "clock", "--at", "25:00"], "hour 25 is out of range"),
    (["render", "clock", "--at", "10:00", "--date", "2026-02-30"], "no such date"),
    (
      ["render", "clock", "--at", "02:30", "--date", "2026-03-08", "--zone", "America/New_York"],
      "a DST change skips it"
    ),
    (["render", "clock", "--parts", "dial,hands,moon"], "unknown clock part 'moon'"),
    (["render", "clock", "--oscillator", "atomic"], "unknown oscillator 'atomic'"),
    (
      ["render", "clock", "--format", "bmp"],
      "unknown format 'bmp' (use one of png, svg, pdf, gif, webp)"
    ),
    (
      ["render", "timer", "--remaining", "2m", "--total", "1m"],
      "--remaining (2:00) is longer than --total (1:00)"
    ),
    (
      ["render", "timer", "--remaining", "1m", "--total", "2m", "--pulse-phase", "1.5"],
      "--pulse-phase must be from 0 to 1"
    ),
    (
      ["render", "timer", "--remaining", "1m", "--total", "2m", "--theme", "/nowhere/ring.json"],
      "theme /nowhere/ring.json: cannot read the file"
    ),
  ])
  func badInputExits64AndWritesNothing(arguments: [String], message: String) throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run("clockwork", arguments + ["-o", dir.file("x.png").path])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try dir.contents().isEmpty)
  }

  @Test func unknownExtensionNeedsAFormat() throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "-o", dir.file("x.bmp").path])
    #expect(result.status == 64)
    #expect(result.stderr.contains("cannot tell the format of"))
  }

  /// A missing folder is bad input, said before any work, as `stopwatch --export` says it.
  @Test func aMissingFolderIsAUsageErrorAndLeavesNothing() throws {
    let dir = try TemporaryDirectory()
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "32", "-o", dir.file("missing/x.png").path])
    #expect(result.status == 64)
    #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
    #expect(try dir.contents().isEmpty)
  }

  @Test func aSymbolicLinkIsFollowedAndStays() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: dir.file("real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("link.png").path, withDestinationPath: "real/clock.png")
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "32", "-o", dir.file("link.png").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link.png").path)
        == "real/clock.png")
    #expect(
      Array(try Data(contentsOf: dir.file("real/clock.png")).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }

  @Test func aNamedPipeIsWrittenToNotReplaced() throws {
    let dir = try TemporaryDirectory()
    let pipe = dir.file("pipe.png")
    #expect(mkfifo(pipe.path, 0o600) == 0)
    let received = Mutex(Data())
    let reader = Thread {
      received.withLock {
        $0 = FileHandle(forReadingAtPath: pipe.path)?.readDataToEndOfFile() ?? Data()
      }
    }
    reader.start()
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "32", "-o", pipe.path])
    while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(received.withLock { Array($0.prefix(4)) } == [0x89, 0x50, 0x4E, 0x47])
    var info = stat()
    #expect(lstat(pipe.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)  // still a pipe
  }

  /// A device that refuses every write (a `/dev/full` made in a temporary folder): exit 1 with
  /// the system's reason, and the device is still a device.
  @Test func aFullDeviceIsAFailureNotReplaced() throws {
    let dir = try TemporaryDirectory()
    let device = dir.file("full")  // major 1, minor 7, as /dev/full
    guard mknod(device.path, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0,
      open(device.path, O_WRONLY) >= 0
    else {
      print("skipped: cannot make a device node here (not root, or a nodev mount)")
      return
    }
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "32", "--format", "png", "-o", device.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    var info = stat()
    #expect(lstat(device.path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func aFolderIsRefused() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: dir.file("x.png"), withIntermediateDirectories: true)
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "32", "-o", dir.file("x.png").path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
  }

  @Test func badThemeFileNamesTheField() throws {
    let dir = try TemporaryDirectory()
    try Data(#"{ "secondHand": { "color": "reddish" } }"#.utf8).write(to: dir.file("theme.json"))
    let result = try BinaryRunner.run(
      "clockwork",
      ["render", "clock", "--theme", dir.file("theme.json").path, "-o", dir.file("x.png").path])
    #expect(result.status == 64)
    #expect(result.stderr.contains("field 'secondHand.color'"), "\(result.stderr)")
    #expect(try dir.contents() == ["theme.json"])
  }

  @Test func aDamagedPictureIsRefusedAtStartNamingTheFile() throws {
    let dir = try TemporaryDirectory()
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(
      to: dir.file("cut.png"))
    try Data(#"{ "minuteHand": { "image": "cut.png" } }"#.utf8).write(to: dir.file("theme.json"))
    for arguments in [
      ["--dial-image", dir.file("cut.png").path], ["--theme", dir.file("theme.json").path],
    ] {
      let result = try BinaryRunner.run(
        "clockwork", ["render", "clock"] + arguments + ["-o", dir.file("x.png").path])
      #expect(result.status == 64)
      #expect(
        result.stderr.contains("\(dir.file("cut.png").path): cannot be drawn"), "\(result.stderr)")
    }
    #expect(try dir.contents() == ["cut.png", "theme.json"])
  }

  /// A theme installed under the XDG data folder is found by its name, pictures and all.
  @Test func anInstalledThemeIsFoundByName() throws {
    let dir = try TemporaryDirectory()
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let themes = dir.file("data/clockwork/themes")
    try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("themes/wall"),
      to: themes.appendingPathComponent("wall"))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = dir.file("data").path
    environment["XDG_STATE_HOME"] = dir.file("state").path
    let result = try BinaryRunner.run(
      "clockwork",
      [
        "render", "clock", "--theme", "wall", "--at", "3:00", "--size", "200", "-o",
        dir.file("wall.png").path,
      ],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try CairoSurface.png(contentsOf: dir.file("wall.png"))
    // The picture dial's cream left of the 12, and the hour hand's dark picture towards 3.
    #expect(
      image.pixel(x: 80, y: 60).r > 200 && image.pixel(x: 140, y: 100).r < 80,
      "\(image.pixel(x: 80, y: 60)) \(image.pixel(x: 140, y: 100))")
    let unknown = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--theme", "hall", "-o", dir.file("x.png").path],
      environment: environment)
    #expect(
      unknown.status == 64
        && unknown.stderr.contains(
          "unknown theme 'hall' (did you mean 'wall'? known: classic, station, night, dbclock, fwtclock, wall;"
        ), "\(unknown.stderr)")
  }

  @Test func liveModesTakeTheirLookAndRefuseABadOne() throws {
    let result = try BinaryRunner.run(
      "clockwork",
      ["clock", "--parts", "dial,hands", "--dial-image", "/nowhere.svg", "--plain", "--count", "1"])
    #expect(
      result.status == 64
        && result.stderr.contains("--dial-image /nowhere.svg: cannot read the file"),
      "\(result.stderr)")
    let bad = try BinaryRunner.run("clockwork", ["clock", "--parts", "dial,moon"])
    #expect(bad.status == 64 && bad.stderr.contains("unknown clock part 'moon'"), "\(bad.stderr)")
    let dir = try TemporaryDirectory()
    try Data(#"{ "label": { "size": 3 } }"#.utf8).write(to: dir.file("ring.json"))
    let ring = try BinaryRunner.run(
      "clockwork", ["timer", "5m", "--plain", "--theme", dir.file("ring.json").path])
    #expect(
      ring.status == 64
        && ring.stderr.contains("field 'label.size': must be a number from 0.02 to 0.5"),
      "\(ring.stderr)")
  }

  /// `-o -`: the picture on standard output, no file named "-".
  @Test func dashWritesThePictureToStandardOutput() throws {
    let result = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "64", "--format", "png", "-o", "-"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{FFFD}PNG"))  // 0x89 "PNG", decoded as text
    let svg = try BinaryRunner.run(
      "clockwork", ["render", "clock", "--size", "64", "--format", "svg", "-o", "-"])
    #expect(svg.status == 0 && svg.stdout.contains("<svg"))
    let noFormat = try BinaryRunner.run("clockwork", ["render", "clock", "-o", "-"])
    #expect(noFormat.status == 64 && noFormat.stderr.contains("-o - needs --format"))
  }
}
