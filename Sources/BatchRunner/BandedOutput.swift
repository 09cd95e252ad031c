import JSON
import JSONOutput
import LayoutKit
import PluginHost
import Sessions
import SourceDiagnostics

/// A JSON writer handing its bytes to a sink whenever about `chunkSize` are waiting.
struct ChunkedOutput {
    var writer: JSONWriter
    let chunkSize: Int
    let sink: (ArraySlice<UInt8>) throws -> Void
    /// The workspace file, for errors of the sink.
    let file: String
    /// How many bytes the sink has taken.
    private(set) var handedOver = 0

    /// Writes record `index` as an element, and hands the bytes over if enough are waiting.
    mutating func element(_ records: AttributesRecords, _ index: Int) throws(ViewSessionError) {
        try element(records[index], of: records, index)
    }

    /// Writes `record`, record `index` of `records`, as an element.
    mutating func element(_ record: AttributesRecords.Record, of records: AttributesRecords, _ index: Int)
        throws(ViewSessionError)
    {
        writer.attributes(record, of: records, at: index)
        if writer.bytes.count >= chunkSize { try flush() }
    }

    /// Hands over whatever is waiting.
    mutating func flush() throws(ViewSessionError) {
        do {
            try sink(writer.bytes[...])
            handedOver += writer.bytes.count
        } catch let error as ViewSessionError {
            throw error
        } catch {
            throw ViewSessionError(
                .workspace, Diagnostic(path: file, message: "cannot write the layout: \(OutputFolder.words(error))"))
        }
        writer.bytes.removeAll(keepingCapacity: true)
    }
}

extension PreparedView {
    /// The check pass over the bands, before anything is written: how many elements each
    /// band owns, or nil when the bands cannot stand for the whole answer — a band's answer
    /// needed repairs, or the bands' elements, in turn, are not in canonical order.
    ///
    /// - Throws: the plugin's errors, and the non-finite numbers of extra fields (as the
    ///   whole-answer path would).
    func checkBands(_ bands: ElementBands) throws(ViewSessionError) -> [Int]? {
        var counts: [Int] = []
        var sequence = CanonicalSequence()
        var nonFiniteCount = 0
        try session.withElementRecords(inEach: bands.rects) { band, records in
            let owned = bands.forEachOwned(of: band, in: records, continuing: &sequence) { record, index in
                nonFiniteCount += records.nonFiniteExtraNumbers(record, at: index)
            }
            guard let owned else { return false }
            counts.append(owned)
            return true
        }
        guard counts.count == bands.rects.count else { return nil }
        guard nonFiniteCount == 0 else { throw nonFinite(nonFiniteCount) }
        return counts
    }

    /// The write pass: each band asked (one band ahead, on another thread: see `BandPrefetch`)
    /// and its own elements written.
    ///
    /// With the check pass's `counts`, the plugin must answer as it did then; if it does not,
    /// the output so far stands incomplete and the view fails with an error saying so. Without
    /// (one pass, for a sink that can take its bytes back), returns false as soon as the bands
    /// turn out not to stand for the whole answer, and fails on non-finite extra numbers.
    func writeBands(_ bands: ElementBands, counts: [Int]?, to output: inout ChunkedOutput) throws(ViewSessionError)
        -> Bool
    {
        var sequence = CanonicalSequence()
        var nonFiniteCount = 0
        let prefetch = BandPrefetch(session: session, rects: bands.rects)
        defer { prefetch.finish() }
        for band in bands.rects.indices {
            let isAsExpected = try prefetch.next().get().withRecords { records throws(ViewSessionError) -> Bool in
                let owned = try bands.forEachOwned(of: band, in: records, continuing: &sequence) {
                    record, index throws(ViewSessionError) in
                    if counts == nil { nonFiniteCount += records.nonFiniteExtraNumbers(record, at: index) }
                    try output.element(record, of: records, index)
                }
                guard let owned else { return false }
                return counts.map { owned == $0[band] } ?? true
            }
            guard isAsExpected else {
                guard counts == nil else { throw changedAnswer() }
                return false
            }
        }
        guard nonFiniteCount == 0 else { throw nonFinite(nonFiniteCount) }
        return true
    }

    /// The plugin answered a band's query differently the second time.
    private func changedAnswer() -> ViewSessionError {
        ViewSessionError(
            .layout,
            workspace.file.error(
                "view '\(view.name)' (\(view.layout)): the layout answered the same query differently when asked again; the output written is incomplete",
                at: view.mark))
    }
}

extension ElementBands {
    /// Runs `body` on each record of `records` (band `band`'s answer) that the band owns, in
    /// order, each first checked to continue `sequence`: how many, or nil as soon as one does
    /// not, or when the answer needed repairs — the bands then cannot stand for the whole answer.
    @inline(__always)
    fileprivate func forEachOwned<Failure: Error>(
        of band: Int, in records: AttributesRecords, continuing sequence: inout CanonicalSequence,
        _ body: (AttributesRecords.Record, Int) throws(Failure) -> Void
    ) throws(Failure) -> Int? {
        guard records.repairs.isEmpty else { return nil }
        var owned = 0
        for index in 0..<records.count {
            let record = records[index]
            guard owns(band, minY: record.frame.minY) else { continue }
            guard sequence.accept(record, kindNames: records.kindNames) else { return nil }
            try body(record, index)
            owned += 1
        }
        return owned
    }
}
