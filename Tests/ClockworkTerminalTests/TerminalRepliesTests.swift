import ClockworkLive
import Testing

@testable import ClockworkTerminal

@Suite struct TerminalRepliesTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func theBackgroundIsReadInEveryForm() {
    // xterm's 16 bits a channel with ST, 8 bits with BEL, one hex digit, and rgba.
    #expect(
      TerminalReplies(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")).background
        == RGB(255, 255, 255))
    #expect(
      TerminalReplies(bytes("\u{1B}]11;rgb:1e/1e/2e\u{07}")).background == RGB(0x1E, 0x1E, 0x2E))
    #expect(TerminalReplies(bytes("\u{1B}]11;rgb:f/8/0\u{07}")).background == RGB(255, 136, 0))
    #expect(
      TerminalReplies(bytes("\u{1B}]11;rgba:0000/8080/ffff/ffff\u{07}")).background
        == RGB(0, 128, 255))
    #expect(TerminalReplies(bytes("\u{1B}]11;?\u{07}")).background == nil)
    #expect(TerminalReplies(bytes("\u{1B}]11;rgb:12345/0/0\u{07}")).background == nil)
  }

  @Test func theDeviceAttributesEndTheRepliesAndTypedKeysAreKept() {
    let partial = TerminalReplies(bytes("q\u{1B}]11;rgb:0/0/0\u{1B}\\"))
    #expect(!partial.isComplete)
    let replies = TerminalReplies(
      bytes("q\u{1B}]11;rgb:0/0/0\u{1B}\\ \u{1B}]4;17;rgb:00/00/5f\u{07}\u{1B}[?64;1;9;22cr"))
    #expect(replies.isComplete)
    #expect(replies.background == RGB(0, 0, 0))
    #expect(replies.palette == [17: RGB(0, 0, 0x5F)])
    #expect(Key.decode(replies.rest) == [.character("q"), .space, .character("r")])
  }

  @Test func aReplyThatComesLateIsNoKeys() {
    // After the wait, a reply reaches the key reader: its letters must not restart a timer.
    #expect(Key.decode(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\r")) == [.character("r")])
    #expect(Key.decode(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07} ")) == [.space])
    #expect(Key.decode(bytes("\u{1B}[?62;22c")) == [])
    #expect(Key.decode(bytes("\u{1B}")) == [.escape])
  }

  @Test func lightnessIsTheLuma() {
    #expect(
      // Solarized light
      RGB(255, 255, 255).isLight && RGB(250, 240, 200).isLight && RGB(0xFD, 0xF6, 0xE3).isLight)
    #expect(
      // Solarized dark
      !RGB(0, 0, 0).isLight && !RGB(0x00, 0x2B, 0x36).isLight && !RGB(0x30, 0x30, 0x30).isLight)
  }
}
