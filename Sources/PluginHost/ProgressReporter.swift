internal import CLayoutABI

/// Carries a prepare's progress reports from the plugin's C callback to a Swift closure.
final class ProgressReporter {
    let report: (Double) -> Void

    init(_ report: @escaping (Double) -> Void) {
        self.report = report
    }

    /// The `wb_prepare_context.progress` function: `host_context` is an unretained reporter.
    static let callback: @convention(c) (UnsafeMutableRawPointer?, Double) -> Void = { context, fraction in
        guard let context, fraction.isFinite else { return }
        Unmanaged<ProgressReporter>.fromOpaque(context).takeUnretainedValue().report(min(1, max(0, fraction)))
    }
}
