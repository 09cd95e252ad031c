import LayoutKit
import PluginHost

extension ViewSession {
    /// The default `target_for_moving_item`: the cell whose frame contains `position` (if the
    /// data `accepts` the move there: a table's rows keep their length), else the nearest cell
    /// (distance from the position to its frame) in the moving item's section, else the
    /// item's own place. A target in another section is where the item goes there; the
    /// nearest cell of the item's section is searched in squares around the position growing
    /// fourfold, so the cost is O(log n + k) per square, not O(n).
    func defaultTarget(for from: ItemPath, at position: Point, accepts: (ItemPath) -> Bool) throws(ViewSessionError)
        -> ItemPath
    {
        let hit = try withElementRecords(in: Rect(origin: position, size: .zero)) { records -> ItemPath? in
            for index in 0..<records.count where records[index].category == .cell {
                return ItemPath(section: records[index].section, item: records[index].item)
            }
            return nil
        }
        if let hit, hit.section == from.section || accepts(hit) { return hit }
        let content = try contentSize()
        var radius = 64.0
        let reach = max(content.width, content.height, 1) * 2 + abs(position.x) + abs(position.y)
        while radius <= reach * 4 {
            let square = Rect(x: position.x - radius, y: position.y - radius, width: 2 * radius, height: 2 * radius)
            let nearest = try withElementRecords(in: square) { records -> (path: ItemPath, distance: Double)? in
                var best: (path: ItemPath, distance: Double)?
                for index in 0..<records.count
                where records[index].category == .cell && records[index].section == from.section {
                    let record = records[index]
                    let distance = Self.distance(from: position, to: record.frame)
                    if best == nil || distance < best!.distance {
                        best = (ItemPath(section: record.section, item: record.item), distance)
                    }
                }
                return best
            }
            // A cell nearer than one found inside the square intersects the square too.
            if let nearest, nearest.distance <= radius { return nearest.path }
            radius *= 4
        }
        return from
    }

    /// How far `point` is from the nearest point of `rect` (0 inside it).
    static func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
