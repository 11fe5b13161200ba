import ArgumentParser

struct RenderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract:
      "Stamp a clock face or a countdown ring to PNG, SVG or PDF, or animate it as GIF or WebP.",
    discussion: """
      The format follows the output file's extension (.png, .svg, .pdf, .gif, .webp) or \
      --format. Files are written whole or not at all. With --frames N, writes N frames of the \
      moving widget, --fps a second: to .gif or .webp one looping animation (only what changed \
      stored a frame; a GIF on white, a WebP keeping transparency; at most 250 million pixels \
      in all), else N numbered files (clock-0001.png, clock-0002.png, …) for videos.

        $ clockwork render clock --at 10:08:42 --theme station -o station.png
        $ clockwork render clock --at 2026-03-08T03:30:00-04:00 -o dst.svg
        $ clockwork render timer --remaining 42s --total 5m -o ring.pdf
        $ clockwork render clock --oscillator recoil --frames 30 --fps 30 -o tick.png
        $ clockwork render clock --frames 30 --fps 10 --size 256 -o clock.gif
        $ clockwork render timer --remaining 10s --total 1m --backdrop --frames 50 --fps 25 -o ring.webp
      """,
    subcommands: [RenderClockCommand.self, RenderTimerCommand.self]
  )
}
