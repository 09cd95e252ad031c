internal import CLayoutABI

/// What `workbench --version` prints: the workbench's version and the plugin ABI it speaks.
enum WorkbenchVersion {
    /// The release's version; `serve`'s `initialize` answers the same (a test holds them together).
    static let number = "0.1.0"

    /// "workbench 0.1.0 (plugin ABI 2.2)": the plugins it loads are built against `WB_ABI_VERSION`
    /// (majors must match) and may be of any minor version up to this one.
    static var description: String { "workbench \(number) (plugin ABI \(WB_ABI_VERSION).\(WB_ABI_MINOR_VERSION))" }
}
