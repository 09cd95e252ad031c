import Foundation
import TestSupport
import Testing

/// `workbench run` on the bundled `photo-wall` workspace: the waterfall's numbers.
struct PhotoWallWorkspaceTests {
    @Test func photosKeepTheirAspectRatioAtTheColumnsWidth() throws {
        let views = try BundledWorkspaceTests().views("photo-wall.yaml")
        let phone = BundledWorkspaceTests().elements(views["phone"])
        #expect(phone.count == 12)
        // Column width (375 − 8 − 8 − 8) / 2 = 175.5; 4032 × 3024 → 175.5 × 131.625.
        #expect(phone.first?["frame"] as? [String: Double] == ["x": 8, "y": 8, "width": 175.5, "height": 131.625])
        let trips = BundledWorkspaceTests().elements(views["trips"])
        #expect(BundledWorkspaceTests().count(trips, "supplementary", "header") == 3)
        #expect(BundledWorkspaceTests().count(trips, "cell") == 13)
    }
}
