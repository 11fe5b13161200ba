import Foundation

/// Runs a built product of this package (e.g. `clockwork`) and collects what it printed.
///
/// ```swift
/// let result = try BinaryRunner.run("clockwork", ["timer", "0s"])
/// #expect(result.status == 64)
/// ```
public enum BinaryRunner {
  /// What a run of the product did.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// What it wrote to standard output.
    public var stdout: String
    /// What it wrote to standard error.
    public var stderr: String
    /// Lines of standard output, without the final empty one.
    public var lines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .dropLastIfEmpty()
    }
  }

  /// The folder that holds the products: the test runner lives beside them.
  public static var productsDirectory: URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while url.pathExtension == "xctest" || url.lastPathComponent == "Contents"
      || url.lastPathComponent == "MacOS"
    {
      url.deleteLastPathComponent()
    }
    return url
  }

  /// Runs `product` (or the program at an absolute path) with `arguments`, feeding `input` on standard input (then closing it).
  /// Unless `environment` says otherwise, state goes to a fresh folder (`XDG_STATE_HOME`), and
  /// settings are read from an empty one, so runs never see each other's or the user's
  /// stopwatches, timers and settings.
  /// - Parameter standardOutput: where its standard output goes instead of a pipe (`/dev/full`,
  ///   say); `stdout` is then empty.
  /// - Parameter signal: sent to the process after `signalAfter` seconds of real time, if given;
  ///   for testing how it handles interrupts, never to measure it.
  public static func run(
    _ product: String, _ arguments: [String], input: String = "",
    environment: [String: String]? = nil, standardOutput: FileHandle? = nil, signal: Int32? = nil,
    signalAfter: Double = 0.5
  ) throws -> Result {
    let process = Process()
    process.executableURL =
      product.hasPrefix("/")
      ? URL(fileURLWithPath: product) : productsDirectory.appendingPathComponent(product)
    process.arguments = arguments
    var env = environment ?? ProcessInfo.processInfo.environment
    if environment == nil {
      let fresh = FileManager.default.temporaryDirectory.appendingPathComponent(
        "clockwork-state-\(UUID().uuidString)"
      ).path
      env["XDG_STATE_HOME"] = fresh
      env["XDG_CONFIG_HOME"] = fresh
    }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = standardOutput ?? stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    if let signal {
      // Standard input stays open until the process has ended, so the signal, not the end of
      // input, is what stops it.
      Thread.sleep(forTimeInterval: signalAfter)
      kill(process.processIdentifier, signal)
    } else {
      try stdin.fileHandleForWriting.close()
    }
    try stdout.fileHandleForWriting.close()  // only the child's copy is left, if it has one
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? stdin.fileHandleForWriting.close()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}

extension Array where Element == String {
  fileprivate func dropLastIfEmpty() -> [String] { last == "" ? Array(dropLast()) : self }
}
