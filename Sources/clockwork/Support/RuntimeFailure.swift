/// A failure at run time, not of usage (a file that cannot be written, a conflict with saved
/// state): ArgumentParser prints it and exits with 1; usage errors (`ValidationError`) exit 64.
struct RuntimeFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
