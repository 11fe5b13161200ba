/// What a terminal is sent when an alert has no screen of its own to show it on: the bell, and
/// the terminal's own desktop notification.
public enum TerminalAlert {
  /// The terminal's bell.
  public static let bell = "\u{07}"

  /// A desktop notification: OSC 777 (rxvt, foot, kitty, …) and OSC 9 (iTerm2, Windows
  /// Terminal, …); terminals ignore the one they do not know.
  /// Inside tmux (`throughTmux`) each is wrapped for its passthrough, or tmux would keep it.
  public static func notify(title: String, body: String, throughTmux: Bool = false) -> String {
    let clean = { (s: String) in s.filter { $0 != "\u{1B}" && $0 != "\u{07}" && $0 != ";" } }
    let sequences = [
      "\u{1B}]777;notify;\(clean(title));\(clean(body))\u{07}",
      "\u{1B}]9;\(clean(title)): \(clean(body))\u{07}",
    ]
    guard throughTmux else { return sequences.joined() }
    return sequences.map {
      "\u{1B}Ptmux;" + String($0.flatMap { $0 == "\u{1B}" ? ["\u{1B}", "\u{1B}"] : [$0] })
        + "\u{1B}\\"
    }.joined()
  }
}
