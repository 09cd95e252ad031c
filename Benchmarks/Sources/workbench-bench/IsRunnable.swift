import Foundation

/// Whether `workbench` is there for `part`; if not, says that the part is skipped.
func isRunnable(_ workbench: String, part: String) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: workbench) else {
        print(
            "\(part): skipped, no workbench at \(workbench) (swift build -c release in the repository builds it; or pass --workbench PATH)\n"
        )
        return false
    }
    return true
}
