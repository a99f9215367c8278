/// The walk: candidates best first, from the exact and prefix ranges and the typo walks,
/// checked against the filter, qualifier, places already placed and rows already shown.
extension _Search {
    /// Walks the sources best first until the results cannot improve.
    mutating func run() {
        // (Columns as buffers, not the index or gazetteer bound to locals: a local copy
        // retains every column.)
        let qualifiers = completer.qualifiers
        let names = completer.gazetteer._names
        let places = completer.gazetteer._places.buffers
        let namePlace = completer.index.namePlace.buffers, nameDisplay = completer.index.nameDisplay.buffers
        while true {
            // The best score still possible, from the keys or from typo nodes not yet expanded.
            let keyBound = walk.bestRemaining ?? -.infinity
            var frontier = -1, frontierBound = -Float.infinity
            for i in frontiers.indices {
                // (By index: a walk is a few hundred bytes and a few arrays, not to be copied.)
                if let bound = frontiers[i].bestBound, bound > frontierBound { (frontier, frontierBound) = (i, bound) }
            }
            let best = max(keyBound, frontierBound)
            let cutoff = self.cutoff
            if best <= cutoff { break }  // (also when nothing is left: both bounds are -infinity)
            if frontierBound > keyBound {
                if let match = frontiers[frontier].expand(cutoff: cutoff) {
                    let quality = frontiers[frontier].quality
                    // Highlight at least as much of the name as was typed: the walk stops at
                    // the first node within budget, which may be short of the typed length.
                    let source = Source(split: nil, matchedLength: max(match.depth, typedLength))
                    let bonus = quality + _Ranking.weights.typo * Float(match.edits)
                    switch frontiers[frontier].list {
                    case .whole: add(match.range, of: completer.index.whole, bonus: bonus, source)
                    case .words: add(match.range, of: completer.index.words, bonus: bonus, source)
                    }
                }
                continue
            }
            guard let (position, sourceIndex, bound) = walk.next() else { break }
            if bound <= cutoff { continue }
            // (Read through the walk's pointers and in place: copying a list or a source
            // per candidate costs reference counting.)
            let name = walk.name(at: position, source: sourceIndex)
            let placeIndex = namePlace[Int(name)]
            guard !seen.contains(placeIndex) else { continue }
            let record = places[Int(placeIndex)]
            guard filter.accepts(record) else { continue }
            var qualifier: [_Qualifiers.Word] = []
            if let split = sources[sourceIndex].split {
                // Most places of a qualified reading fail ("san jose l"): most are told by
                // their region and country words' first byte and first two bytes (already
                // checked for sifted keys), without reading the words.
                guard sources[sourceIndex].sifted
                        || _Qualifiers.mayMatch(sources[sourceIndex].firstBytes,
                                                known: qualifiers.firstBytes(of: record)),
                      let words = qualifiers.match(split.qualifier, record) else { continue }
                qualifier = words
            }
            var score = bound
            if let near, !record.latitude.isNaN {
                let coordinate = GeoCoordinate(latitude: record.latitude, longitude: record.longitude)
                score += _Ranking.nearness(meters: near.distance(to: coordinate))
                if let floor, score <= floor { continue }
            }
            seen.insert(placeIndex)
            let display = nameDisplay[Int(name)]
            let row = _Match.Row(display: display, record)
            // No two rows that read the same (title, region, country): a row pushed out of
            // the list no longer shows, so only those in it (and earlier ones) count.
            guard !readsLikeShown(row, names) else { continue }
            let shown = _CompletionRow(
                place: placeIndex, display: display, name: name,
                keyOffset: walk.keyOffset(at: position, source: sourceIndex),
                matchedLength: Int32(clamping: sources[sourceIndex].matchedLength), qualifier: qualifier)
            let match = _Match(shown: shown, score: score, population: record.population, row: row)
            let (placed, pushedOut) = results.insert(match)
            if readings.isActive {
                if placed { readings.insert(reading(of: row, names)) }
                if let pushedOut { readings.remove(reading(of: pushedOut.row, names)) }
            }
        }
    }

    /// Whether a row of the list or of the earlier search reads like `row`: the same
    /// labels and a title of the same text. A few rows are scanned; more are hashed
    /// (`readings`), from the first check that finds more than `_ShownReadings.linearLimit`.
    mutating func readsLikeShown(_ row: _Match.Row, _ names: _CompressedStrings) -> Bool {
        if !readings.isActive, results.count + earlier.count > _ShownReadings.linearLimit {
            readings.activate(capacity: 2 * (results.count + earlier.count))
            for i in earlier.indices { readings.insert(reading(of: earlier[i].row, names)) }
            for i in results.unordered.indices { readings.insert(reading(of: results.unordered[i].row, names)) }
        }
        #if DEBUG
        rowSteps += readings.isActive ? 1 : results.count + earlier.count
        #endif
        if readings.isActive { return readings.contains(reading(of: row, names)) }
        // (By index, each row read in place: a match copied costs reference counting.)
        for i in results.unordered.indices where results.unordered[i].row.hasLabels(of: row) {
            if sameTitle(results.unordered[i].row.display, row.display, names) { return true }
        }
        for i in earlier.indices where earlier[i].row.hasLabels(of: row) {
            if sameTitle(earlier[i].row.display, row.display, names) { return true }
        }
        return false
    }

    /// What `row` reads, for `readings`.
    private mutating func reading(of row: _Match.Row, _ names: _CompressedStrings) -> _ShownReadings.Reading {
        _ShownReadings.Reading(row, text: titles.text(of: row.display, in: names))
    }

    /// Whether names `a` and `b` have the same text: by their codes when those tell
    /// (`_CompressedStrings.sameCodes`), else by their bytes, each name decoded once a
    /// search (`titles`).
    private mutating func sameTitle(_ a: UInt32, _ b: UInt32, _ names: _CompressedStrings) -> Bool {
        if a == b { return true }
        if let same = names.sameCodes(Int(a), Int(b)) { return same }
        let x = titles.range(of: a, in: names), y = titles.range(of: b, in: names)
        return titles.hasSameBytes(x, y)
    }
}
