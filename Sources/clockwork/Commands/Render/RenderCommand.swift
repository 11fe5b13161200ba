import ArgumentParser

struct RenderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Stamp a clock face or a countdown ring to PNG, SVG or PDF.",
    discussion: """
      The format follows the output file's extension (.png, .svg, .pdf) or --format. Files are \
      written whole or not at all. With --frames N, writes N numbered frames of the moving \
      widget (clock-0001.png, clock-0002.png, …) for GIFs and videos.

        $ clockwork render clock --at 10:08:42 --theme station -o station.png
        $ clockwork render clock --at 2026-03-08T03:30:00-04:00 -o dst.svg
        $ clockwork render timer --remaining 42s --total 5m -o ring.pdf
        $ clockwork render clock --oscillator recoil --frames 30 --fps 30 -o tick.png
      """,
    subcommands: [RenderClockCommand.self, RenderTimerCommand.self]
  )
}
