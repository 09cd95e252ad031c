import LayoutKit

extension TreeLayout {
    /// A visible element: its node and frame; for a cell, where its `children` field ends
    /// in `extraBytes`.
    struct Hit {
        var section: Int
        var sectionStart: Int
        var node: Int
        var frame: Rect
        var extraEnd = 0
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        let data = self.data
        // The scratch arrays are moved out for the query, so that they stay uniquely held.
        var cells: [Hit] = [], connectors: [Hit] = [], bytes: [UInt8] = []
        swap(&cells, &cellHits)
        swap(&connectors, &connectorHits)
        swap(&bytes, &extraBytes)
        defer {
            swap(&cells, &cellHits)
            swap(&connectors, &connectorHits)
            swap(&bytes, &extraBytes)
        }
        cells.removeAll(keepingCapacity: true)
        connectors.removeAll(keepingCapacity: true)
        placement.nodes.withUnsafeBufferPointer { nodes in
            let columns = visibleColumns(rect, sections: data.numberOfSections)
            let targetRow = (rect.minY - insets.top - itemSize.height) / rowHeight
            withUnsafeTemporaryAllocation(
                of: (section: Int, range: Range<Int>, guess: Int, probe: Int32).self, capacity: columns.count
            ) { starts in
                // Every column's first probe before any column's search: the loads do not wait
                // for one another, so their cache misses overlap instead of adding up.
                var count = 0
                for section in columns {
                    let x = Double(section) * columnWidth + insets.left
                    let start = data.globalIndex(ofSection: section)
                    let range = start..<(start + data.numberOfItems(inSection: section))
                    guard !range.isEmpty, x < rect.maxX, rect.minX < x + columnWidth else { continue }
                    let guess = min(max(self.guess(range, targetRow), range.lowerBound), range.upperBound - 1)
                    starts.initializeElement(at: count, to: (section, range, guess, nodes[guess].lastChildRow))
                    count += 1
                }
                for start in starts[..<count] {
                    // A row is never negative: the test keeps the probe's load, and the guess.
                    findVisible(
                        start.section, start.range, near: start.probe >= 0 ? start.guess : start.range.lowerBound, rect,
                        nodes, &cells, &connectors)
                }
                _ = starts[..<count].deinitialize()
            }
            // All fields are written before any slice is taken, so the slices share one buffer.
            var total = 0
            for index in cells.indices {
                total += Self.childrenByteCount(childCount(of: cells[index].node, nodes[cells[index].node]))
                cells[index].extraEnd = total
            }
            // Every byte is written below: only the length changes.
            if bytes.count > total {
                bytes.removeSubrange(total...)
            } else {
                bytes.append(contentsOf: repeatElement(0, count: total - bytes.count))
            }
            bytes.withUnsafeMutableBytes { raw in
                var offset = 0
                for hit in cells {
                    offset = writeChildren(
                        of: hit.node, nodes[hit.node], section: hit.section, in: data, into: raw, at: offset)
                }
            }
        }
        result.reserveCapacity(result.count + cells.count + connectors.count)
        var start = 0
        for hit in cells {
            result.append(
                LayoutAttributes(
                    element: .cell(hit.section, hit.node - hit.sectionStart), frame: hit.frame,
                    extraFields: ExtraFields(encoded: bytes[start..<hit.extraEnd])))
            start = hit.extraEnd
        }
        for hit in connectors {
            result.append(
                LayoutAttributes(
                    element: .supplementary(Self.connector, hit.section, hit.node - hit.sectionStart),
                    frame: hit.frame, extraFields: ExtraFields()))
        }
    }

    /// The sections whose column (cells and connectors) may meet `rect`, from the column
    /// arithmetic with a column of margin each side; exact tests follow.
    private func visibleColumns(_ rect: Rect, sections count: Int) -> Range<Int> {
        guard columnWidth > 0, columnWidth.isFinite, rect.minX.isFinite, rect.maxX.isFinite else { return 0..<count }
        let first = ((rect.minX - insets.left) / columnWidth).rounded(.down) - 1
        let last = ((rect.maxX - insets.left) / columnWidth).rounded(.down) + 1
        let low = Int(min(max(first, 0), Double(count))), high = Int(min(max(last + 1, 0), Double(count)))
        return low..<max(low, high)
    }

    /// Where in `range` (a column) the first node whose bottom row passes `targetRow` should
    /// be: bisecting the column's samples (see `TreePlacement.bottomSamples`) for the first
    /// past it, then interpolating between it and the sample before. Only a starting point:
    /// the search from it tests the nodes themselves.
    private func guess(_ range: Range<Int>, _ targetRow: Double) -> Int {
        let stride = TreePlacement.sampleStride
        return placement.bottomSamples.withUnsafeBufferPointer { samples in
            // The samples of nodes in the column: global indices s · stride in `range`.
            let first = (range.lowerBound + stride - 1) / stride, end = (range.upperBound + stride - 1) / stride
            guard first < end, targetRow.isFinite else { return range.lowerBound }
            var low = first, high = end
            while low < high {
                let middle = (low + high) / 2
                if Double(samples[middle]) > targetRow { high = middle } else { low = middle + 1 }
            }
            guard low > first else { return first * stride }  // at or before the first sample
            guard low < end else { return (end - 1) * stride }  // after the last
            let below = Double(samples[low - 1]), above = Double(samples[low])
            let fraction = (targetRow - below) / max(above - below, 1)
            return (low - 1) * stride + Int(min(max(fraction, 0), 1) * Double(stride))
        }
    }

    /// Finds the cells and connectors of `section` meeting `rect`: a search for the first node
    /// whose cell or connector reaches below `rect.minY` (that bottom grows with the item),
    /// then a scan while the nodes start above `rect.maxY`.
    private func findVisible(
        _ section: Int, _ range: Range<Int>, near guess: Int, _ rect: Rect,
        _ nodes: UnsafeBufferPointer<TreePlacement.Node>,
        _ cells: inout [Hit], _ connectors: inout [Hit]
    ) {
        var index = firstIndex(in: range, near: guess) { connectorFrame(section: section, nodes[$0]).maxY > rect.minY }
        while index < range.upperBound {
            let node = nodes[index]
            let cell = cellFrame(section: section, node)
            guard cell.minY < rect.maxY else { break }
            if cell.intersects(rect) {
                cells.append(Hit(section: section, sectionStart: range.lowerBound, node: index, frame: cell))
            }
            if node.childCount > 0 {
                let connector = connectorFrame(section: section, node)
                if connector.intersects(rect) {
                    connectors.append(
                        Hit(section: section, sectionStart: range.lowerBound, node: index, frame: connector))
                }
            }
            index += 1
        }
    }
}
