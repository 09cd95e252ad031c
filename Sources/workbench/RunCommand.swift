import ArgumentParser
import BatchRunner
import Foundation
import LayoutKit

/// `workbench run PATH…`: every view of every workspace, laid out whole.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Lay out every view of the given workspaces.",
        discussion: """
            PATH is a workspace file or a folder of them (*.yaml, *.yml). Each view's layout goes to \
            standard output as one JSON object per line, or with --output to DIR/<workspace>/<view>.json. \
            Errors go to standard error as path:line:column: error: message. The exit status is 0 only \
            if every view was laid out, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("Workspace files or folders of them.", valueName: "path"))
    var paths: [String]

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Write each view to DIR/<workspace>/<view>.json (pretty, sorted keys) instead of standard output.",
            valueName: "dir"))
    var outputDirectory: String?

    @Flag(help: "With --output, also draw each view to DIR/<workspace>/<view>.svg.")
    var svg = false

    @Flag(
        help:
            "With --output, also draw each view to DIR/<workspace>/<view>.png, 1 pixel a point; a view larger than 4096 pixels a side goes to tiles <view>-tile-001.png, -002… (said on standard error)."
    )
    var png = false

    @Option(
        help: ArgumentHelp(
            "With --png, draw only this part of each view: x,y,width,height in points.", valueName: "x,y,w,h"))
    var rect: String?

    @Option(
        help: ArgumentHelp(
            "With --png, pixels a point: 0.01 to 16 (default 1; below 1, small labels are left out).",
            valueName: "s"))
    var scale: String?

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var batch: BatchOptions
    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if svg && outputDirectory == nil { throw ValidationError("--svg needs --output DIR") }
        if png && outputDirectory == nil { throw ValidationError("--png needs --output DIR") }
        if let rect {
            guard png else { throw ValidationError("--rect needs --png") }
            _ = try Self.parseRect(rect)
        }
        if scale != nil, !png { throw ValidationError("--scale needs --png") }
        _ = try pictures()
    }

    /// `--svg`, `--png`, `--rect` and `--scale` read, and checked together (a rect that would
    /// need too many tiles at the scale is refused before any view is laid out).
    func pictures() throws -> LayoutBatch.Pictures {
        var pictures = LayoutBatch.Pictures(svg: svg, png: png, rect: try rect.map(Self.parseRect))
        if let scale {
            guard let number = Double(scale.trimmingCharacters(in: .whitespaces)), number.isFinite,
                LayoutBatch.Pictures.scales.contains(number)
            else {
                throw ValidationError("--scale must be a number of pixels a point from 0.01 to 16, got '\(scale)'")
            }
            pictures.scale = number
        }
        if let problem = pictures.problem { throw ValidationError("--rect \(rect ?? ""): \(problem)") }
        return pictures
    }

    /// `x,y,width,height`: finite numbers within ±1e15, the sizes positive.
    static func parseRect(_ text: String) throws -> Rect {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
            let height = numbers[3],
            [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1e15 })
        else {
            throw ValidationError("--rect must be x,y,width,height: four finite numbers within ±1e15, got '\(text)'")
        }
        guard width > 0, height > 0 else {
            throw ValidationError("--rect must have a positive width and height, got '\(text)'")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    func run() throws {
        // The output folder is made ready first: a path that cannot be one is said once, in words,
        // before any view is laid out.
        if let outputDirectory, let problem = OutputFolder.prepare(outputDirectory) {
            StandardStream.error.writeLine(Array("\(outputDirectory): error: \(problem)".utf8)[...])
            throw ExitCode(1)
        }
        // Found while the workspaces load: the first view waits for them.
        let catalog = PluginDiscovery.catalog(plugins, isolation, inBackground: true)
        defer { catalog.terminateChildren() }
        var runner = LayoutBatch(plugins: catalog, output: outputDirectory.map { .directory($0) } ?? .jsonLines)
        runner.pictures = try pictures()
        runner.timeout = isolation.timeout
        let standardOutput = StandardStream.output
        if outputDirectory == nil { standardOutput.enlargePipe() }
        let output = BackgroundWriter { standardOutput.append($0) }
        let progress = ProgressLine(noun: "views")
        let summary = runner.run(
            paths: paths, jobs: batch.jobCount, shard: batch.part,
            // Standard output reports its own failures (`StandardStream`): none reaches the writer.
            write: { bytes in try? output.append(bytes) },
            report: { error in
                progress.finish()
                StandardStream.error.writeLine(Array(error.description.utf8)[...])
            },
            warn: { warning in
                progress.finish()
                StandardStream.error.writeLine(Array("warning: \(warning)".utf8)[...])
            },
            note: { note in
                progress.finish()
                StandardStream.error.writeLine(Array(note.utf8)[...])
            },
            progress: progress.update)
        try? output.finish()
        standardOutput.flush()
        progress.finish()
        StandardStream.error.writeLine(Array("workbench: \(summary.text)".utf8)[...])
        if summary.hasFailures { throw ExitCode(1) }
    }
}
