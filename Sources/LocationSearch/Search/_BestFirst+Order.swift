extension _BestFirst {
    /// The heap's order: higher bound first, then lower sources, then lower positions (a
    /// node's is its first key's), and a key before a node at the same position: a total
    /// order on keys that any tree over them yields (see `_BestFirst`). Sources of one
    /// joint group are one source here: their items go by list position.
    struct Order: _HeapOrder {
        /// Per source, its joint group (-1: none) and, for a view, its keys' list positions.
        struct Joint {
            var group: Int32
            var positions: _RisingNumbers.Slice?
            var count: Int

            /// The list position of an item's position (clamped: see `_KeyViews`).
            @inline(__always)
            func listPosition(_ position: Int32) -> Int {
                guard let positions else { return Int(position) }
                return min(Int(positions[Int(position)]), count - 1)
            }
        }
        /// Per source from the first joint one on (earlier ones are in no group).
        private var joints: [Joint] = []
        /// Whether any source is in a joint group (else ties never look them up).
        private(set) var hasJoints = false

        /// Records source `source`'s joint group (sources before it without one).
        mutating func setJoint(_ source: Int, _ joint: Joint) {
            while joints.count < source { joints.append(Joint(group: -1, positions: nil, count: 0)) }
            joints.append(joint)
            if joint.group >= 0 { hasJoints = true }
        }

        @inline(__always)
        func before(_ a: Item, _ b: Item) -> Bool {
            if a.bound != b.bound { return a.bound > b.bound }
            if a.source != b.source {
                if hasJoints, let order = jointOrder(a, b) { return order }
                return a.source < b.source
            }
            if a.position != b.position { return a.position < b.position }
            return a.level < b.level
        }

        /// `before` for items of two sources of one joint group, `nil` for others.
        @inline(never)
        private func jointOrder(_ a: Item, _ b: Item) -> Bool? {
            guard Int(a.source) < joints.count, Int(b.source) < joints.count else { return nil }
            let x = joints[Int(a.source)], y = joints[Int(b.source)]
            guard x.group >= 0, x.group == y.group else { return nil }
            let p = x.listPosition(a.position), q = y.listPosition(b.position)
            if p != q { return p < q }
            return a.level < b.level
        }
    }
}
