import ClockworkState
import FoundationEssentials

/// Where a compact window was last put (`compact-window.json` in the state folder): the next
/// one opens there.
struct CompactWindowPlace {
  struct Stored: StoredState {
    var x: Int
    var y: Int
    func problem() -> String? {
      abs(x) > 100_000 || abs(y) > 100_000 ? "the position is off any screen" : nil
    }
  }

  let file: StateFile<Stored>

  init(state: StateDirectory) { file = StateFile(path: state.filePath("compact-window.json")) }

  func load() -> (x: Int, y: Int)? { file.load().value.map { ($0.x, $0.y) } }

  /// Saved if it can be; a window that opens centred next time is no loss worth an error.
  func save(_ position: (x: Int, y: Int)) { try? file.save(Stored(x: position.x, y: position.y)) }
}
