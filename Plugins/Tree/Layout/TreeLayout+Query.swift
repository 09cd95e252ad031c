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
            for section in visibleColumns(rect, sections: data.numberOfSections) {
                let start = data.globalIndex(ofSection: section)
                findVisible(section, start..<(start + data.numberOfItems(inSection: section)), rect, nodes, &cells, &connectors)
            }
            // All fields are written before any slice is taken, so the slices share one buffer.
            var total = 0
            for index in cells.indices {
                total += Self.childrenByteCount(childCount(of: cells[index].node, nodes[cells[index].node]))
                cells[index].extraEnd = total
            }
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: repeatElement(0, count: total))
            bytes.withUnsafeMutableBytes { raw in
                var offset = 0
                for hit in cells { offset = writeChildren(of: hit.node, nodes[hit.node], section: hit.section, in: data, into: raw, at: offset) }
            }
        }
        result.reserveCapacity(result.count + cells.count + connectors.count)
        var start = 0
        for hit in cells {
            result.append(LayoutAttributes(element: .cell(hit.section, hit.node - hit.sectionStart), frame: hit.frame,
                                           extraFields: ExtraFields(encoded: bytes[start..<hit.extraEnd])))
            start = hit.extraEnd
        }
        for hit in connectors {
            result.append(LayoutAttributes(element: .supplementary(Self.connector, hit.section, hit.node - hit.sectionStart),
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

    /// Finds the cells and connectors of `section` meeting `rect`: a search for the first node
    /// whose cell or connector reaches below `rect.minY` (that bottom grows with the item),
    /// then a scan while the nodes start above `rect.maxY`.
    private func findVisible(_ section: Int, _ range: Range<Int>, _ rect: Rect, _ nodes: UnsafeBufferPointer<TreePlacement.Node>,
                             _ cells: inout [Hit], _ connectors: inout [Hit]) {
        let x = Double(section) * columnWidth + insets.left
        guard !range.isEmpty, x < rect.maxX, rect.minX < x + columnWidth else { return }
        let targetRow = (rect.minY - insets.top - itemSize.height) / rowHeight
        let firstRow = Double(nodes[range.lowerBound].row), lastRow = Double(nodes[range.upperBound - 1].lastChildRow)
        let fraction = (targetRow - firstRow) / max(lastRow - firstRow, 1)
        let guess = fraction.isFinite ? range.lowerBound + Int(min(max(fraction, 0), 1) * Double(range.count - 1)) : range.lowerBound
        var index = firstIndex(in: range, near: guess) { connectorFrame(section: section, nodes[$0]).maxY > rect.minY }
        while index < range.upperBound {
            let node = nodes[index]
            let cell = cellFrame(section: section, node)
            guard cell.minY < rect.maxY else { break }
            if cell.intersects(rect) { cells.append(Hit(section: section, sectionStart: range.lowerBound, node: index, frame: cell)) }
            if node.childCount > 0 {
                let connector = connectorFrame(section: section, node)
                if connector.intersects(rect) {
                    connectors.append(Hit(section: section, sectionStart: range.lowerBound, node: index, frame: connector))
                }
            }
            index += 1
        }
    }
}
