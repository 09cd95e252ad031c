import Foundation

/// Where `swift build` put the products: the folder of the running test executable.
public enum BuildProducts {
    public static var directory: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// The path of a built executable, e.g. "workbench".
    public static func executable(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// The path of a built dynamic library product, e.g. "Circles" → libCircles.so (libCircles.dylib on Darwin).
    public static func library(_ product: String) -> String {
        #if canImport(Darwin)
            (directory as NSString).appendingPathComponent("lib\(product).dylib")
        #else
            (directory as NSString).appendingPathComponent("lib\(product).so")
        #endif
    }

    /// The repository's root (for Workspaces/ and the C header).
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}
