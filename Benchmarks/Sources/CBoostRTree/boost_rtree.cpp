// Boost.Geometry's bgi::rtree, packed, queried as the peers harness (../shared/peers) queries it:
// traversal with Boost's intersects predicate, the workbench's strict test on each hit,
// {id, box} appended to a reused vector, then sorted by id.
#define BOOST_ALLOW_DEPRECATED_HEADERS  // Boost 1.74's rtree includes boost/detail/no_exceptions_support.hpp
#include "boost_rtree.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>
#include <boost/iterator/function_output_iterator.hpp>
#include <boost/version.hpp>
#include <new>
#include <utility>
#include <vector>

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace {

using Point = bg::model::point<double, 2, bg::cs::cartesian>;
using Box = bg::model::box<Point>;
using Value = std::pair<Box, uint32_t>;

struct Index {
    virtual ~Index() = default;
    virtual void query(const Box &rect, std::vector<wb_rtree_hit> &hits) const = 0;
};

template <class Parameters>
struct PackedIndex final : Index {
    bgi::rtree<Value, Parameters> tree;

    explicit PackedIndex(std::vector<Value> &values) : tree(values.begin(), values.end()) {}  // the packing algorithm

    void query(const Box &rect, std::vector<wb_rtree_hit> &hits) const override {
        const double minX = bg::get<bg::min_corner, 0>(rect), minY = bg::get<bg::min_corner, 1>(rect);
        const double maxX = bg::get<bg::max_corner, 0>(rect), maxY = bg::get<bg::max_corner, 1>(rect);
        tree.query(bgi::intersects(rect), boost::iterators::make_function_output_iterator([&](const Value &value) {
            const double x0 = bg::get<bg::min_corner, 0>(value.first), y0 = bg::get<bg::min_corner, 1>(value.first);
            const double x1 = bg::get<bg::max_corner, 0>(value.first), y1 = bg::get<bg::max_corner, 1>(value.first);
            if (x0 < maxX && minX < x1 && y0 < maxY && minY < y1) hits.push_back(wb_rtree_hit{x0, y0, x1, y1, value.second});
        }));
    }
};

}  // namespace

struct wb_rtree {
    Index *index;
    std::vector<wb_rtree_hit> hits;
};

extern "C" const char *wb_rtree_boost_version(void) { return BOOST_LIB_VERSION; }

extern "C" wb_rtree *wb_rtree_create(wb_rtree_kind kind, const double *boxes, size_t count) {
    try {
        std::vector<Value> values;
        values.reserve(count);
        for (size_t i = 0; i < count; i++) {
            const double *b = boxes + 4 * i;
            values.emplace_back(Box(Point(b[0], b[1]), Point(b[2], b[3])), uint32_t(i));
        }
        Index *index = kind == WB_RTREE_RSTAR16 ? static_cast<Index *>(new PackedIndex<bgi::rstar<16>>(values))
                                                : static_cast<Index *>(new PackedIndex<bgi::quadratic<16>>(values));
        wb_rtree *tree = new wb_rtree{index, {}};
        tree->hits.reserve(4096);
        return tree;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void wb_rtree_destroy(wb_rtree *tree) {
    if (!tree) return;
    delete tree->index;
    delete tree;
}

extern "C" const wb_rtree_hit *wb_rtree_query(wb_rtree *tree, double min_x, double min_y, double max_x, double max_y, size_t *count) {
    tree->hits.clear();
    tree->index->query(Box(Point(min_x, min_y), Point(max_x, max_y)), tree->hits);
    std::sort(tree->hits.begin(), tree->hits.end(), [](const wb_rtree_hit &a, const wb_rtree_hit &b) { return a.id < b.id; });
    *count = tree->hits.size();
    return tree->hits.data();
}
