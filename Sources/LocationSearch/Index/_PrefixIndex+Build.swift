extension _PrefixIndex {
    /// The index of `gazetteer`'s names: every (place, folded name) once, its whole-name
    /// key, a key at each later word start, and a city's canonical name without its
    /// spaces; each scored by `_Ranking`, sorted, with the lists' tries and views. Each
    /// key's name and score take one word of the fewest bytes that hold them, and at least
    /// `minimumWidth` (tests pass more, to build the layouts a larger gazetteer gets).
    ///
    /// - Complexity: O(*n* log *n*) in the number of keys.
    init(_ gazetteer: Gazetteer, progress: _BuildProgress? = nil, minimumWidth: Int = 1) {
        var folded: [UInt8] = []
        var nameDisplay: [UInt32] = [], namePlace: [UInt32] = []
        var whole: [_SortedKeys.Entry] = [], words: [_SortedKeys.Entry] = []
        let nameCount = gazetteer._names.count
        // The names' codes are about two thirds of their UTF-8 (`_CompressedStrings`).
        folded.reserveCapacity(gazetteer._names.codes.count * 3 / 2 + nameCount)
        let places = gazetteer._places.buffers
        nameDisplay.reserveCapacity(nameCount)
        namePlace.reserveCapacity(nameCount)
        whole.reserveCapacity(nameCount)
        words.reserveCapacity(nameCount)

        var key: [UInt8] = []
        var placeKeys: [Range<Int>] = []  // ranges of `folded`: slices would force copy-on-write
        // A place's keys by hash once it has many names (a GeoNames row can hold tens of
        // thousands of alternate names): comparing each with all before it would be
        // quadratic. A hash shared by two different keys falls back to the comparisons.
        var manyKeys: [UInt64: Int] = [:]  // hash -> index in placeKeys
        let fewNames = 16
        func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {  // FNV-1a
            bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        var longest = 0
        // Cities' canonical keys (by hash, then compared), and their alternate names' refs and
        // keys: an alias that is another city's name is shadowed
        // (`_Ranking.weights.shadowedAlternateName`).
        var cityNames: [(hash: UInt64, key: Range<Int>)] = []
        var cityAliases: [(ref: UInt32, key: Range<Int>)] = []
        for placeIndex in 0..<places.count {
            if let progress, placeIndex & 0x3FFF == 0 {
                progress("Folding names", Double(placeIndex) / Double(places.count))
            }
            let record = places[placeIndex]
            let importance = _Ranking.importance(population: record.population, kind: record.kind)
            placeKeys.removeAll(keepingCapacity: true)
            if !manyKeys.isEmpty { manyKeys = [:] }
            for n in 0..<Int(record.nameCount) {
                let name = Int(record.firstName) + n
                gazetteer._names.withBytes(name) { _Folding.fold(utf8: $0, into: &key) }
                guard !key.isEmpty else { continue }
                if placeKeys.count < fewNames {
                    guard !placeKeys.contains(where: { folded[$0].elementsEqual(key) }) else { continue }
                } else {
                    if manyKeys.isEmpty {
                        for (i, range) in placeKeys.enumerated() { manyKeys[hash(folded[range])] = i }
                    }
                    let keyHash = hash(key)
                    if let seen = manyKeys[keyHash] {
                        if folded[placeKeys[seen]].elementsEqual(key) { continue }
                        guard !placeKeys.contains(where: { folded[$0].elementsEqual(key) }) else { continue }
                    } else {
                        manyKeys[keyHash] = placeKeys.count
                    }
                }
                let start = folded.count
                folded.append(contentsOf: key)
                folded.append(0)
                placeKeys.append(start..<start + key.count)
                longest = max(longest, key.count)
                let ref = UInt32(nameDisplay.count)
                nameDisplay.append(UInt32(name))
                namePlace.append(UInt32(placeIndex))
                if record.kind == .city {
                    let range = start..<start + key.count
                    if n == 0 { cityNames.append((hash(key), range)) } else { cityAliases.append((ref, range)) }
                }
                var score = importance + (n == 0 ? 0 : _Ranking.weights.alternateName)
                if n > 0 && gazetteer._names.withBytes(name, _NameQuality.isLowercaseOnly) {
                    score += _Ranking.weights.artefactAlternateName
                }
                whole.append(.init(key: UInt32(start), name: ref, score: score))
                for (i, byte) in key.enumerated() where byte == 0x20 {
                    words.append(.init(key: UInt32(start + i + 1), name: ref, score: score))
                }
                // A city's canonical name written without spaces, for "newyork" and
                // "laquila". Its display is the same name; highlighting maps the joined bytes
                // back. (Other spellings are read from the query instead: see
                // `LocationCompleter.completions(for:options:)`.)
                if n == 0 && record.kind == .city && key.contains(0x20) {
                    let joined = key.filter { $0 != 0x20 }
                    let start = folded.count
                    folded.append(contentsOf: joined)
                    folded.append(0)
                    let ref = UInt32(nameDisplay.count)
                    nameDisplay.append(UInt32(name))
                    namePlace.append(UInt32(placeIndex))
                    whole.append(.init(key: UInt32(start), name: ref, score: importance + _Ranking.weights.joinedName))
                }
            }
        }
        var shadowed = [Bool](repeating: false, count: nameDisplay.count)
        cityNames.sort { $0.hash < $1.hash }
        for alias in cityAliases {
            let aliasKey = folded[alias.key], aliasHash = hash(aliasKey)
            var i = Self.partition(0..<cityNames.count) { cityNames[$0].hash < aliasHash }
            while i < cityNames.count && cityNames[i].hash == aliasHash {
                if folded[cityNames[i].key].elementsEqual(aliasKey) {
                    shadowed[Int(alias.ref)] = true
                    break
                }
                i += 1
            }
        }
        let shadowedWeight = _Ranking.weights.shadowedAlternateName
        for i in whole.indices where shadowed[Int(whole[i].name)] { whole[i].score += shadowedWeight }
        for i in words.indices where shadowed[Int(words[i].name)] { words[i].score += shadowedWeight }
        // Sorting has no natural progress; the two lists split the bar by their sizes.
        let total = Double(max(1, whole.count + words.count))
        progress?("Sorting keys", 0)
        var wholeSorted = _SortedKeys.sorted(whole, folded: folded)
        progress?("Sorting keys", Double(whole.count) / total)
        var wordSorted = _SortedKeys.sorted(words, folded: folded)
        progress?("Sorting keys", 1)
        let text = Self.layOut(&wholeSorted, &wordSorted, folded: folded, nameCount: nameDisplay.count)
        let (wholeKeys, wordKeys, tries) = text.withUnsafeBufferPointer { text in
            let names = nameDisplay.count
            let wholeKeys = _SortedKeys(sorted: wholeSorted, text: text, nameCount: names, minimumWidth: minimumWidth)
            let wordKeys = _SortedKeys(sorted: wordSorted, text: text, nameCount: names, minimumWidth: minimumWidth)
            let tries = wholeSorted.map(\.score).withUnsafeBufferPointer { wholeScores in
                wordSorted.map(\.score).withUnsafeBufferPointer { wordScores in
                    _ShallowTries(
                        whole: _ShallowTrie(keys: wholeKeys.key.buffers, scores: wholeScores, text: text),
                        words: _ShallowTrie(keys: wordKeys.key.buffers, scores: wordScores, text: text))
                }
            }
            return (wholeKeys, wordKeys, tries)
        }
        let views = namePlace.withUnsafeBufferPointer { namePlace in
            let labels = gazetteer._labels.count
            return (whole: _KeyViews(wholeKeys, namePlace: namePlace, places: places, labelCount: labels),
                    words: _KeyViews(wordKeys, namePlace: namePlace, places: places, labelCount: labels))
        }
        self.init(
            folded: _Column(text), nameDisplay: _RisingColumn(nameDisplay),
            namePlace: _RisingColumn(namePlace), whole: wholeKeys, words: wordKeys, longestName: longest, tries: tries,
            wholeViews: views.whole, wordViews: views.words)
    }

    /// The folded text laid out in whole-key order, each distinct text once (identical
    /// names sort next to each other), with both lists' keys (`whole` sorted, and `words`,
    /// keys into `folded`, each in a name of `nameCount`) moved into it: the whole-name
    /// keys' offsets then rise, which `_KeyOffsets` stores in two bytes a key. A word key
    /// keeps its place in its name's text.
    ///
    /// - Complexity: O(*t* + *n*) for *t* bytes of text and *n* keys.
    static func layOut(
        _ whole: inout [_SortedKeys.Entry], _ words: inout [_SortedKeys.Entry], folded: [UInt8], nameCount: Int
    ) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(folded.count)
        // Per name, where its text starts in `folded` and in the new text.
        var from = [UInt32](repeating: 0, count: nameCount), to = [UInt32](repeating: 0, count: nameCount)
        folded.withUnsafeBufferPointer { folded in
            var previous = 0..<0  // the last text laid out, in `folded`
            for i in whole.indices {
                let start = Int(whole[i].key)
                var end = start
                while folded[end] != 0 { end += 1 }
                var same = i > 0 && end - start == previous.count
                var j = 0
                while same && j < previous.count {
                    same = folded[start + j] == folded[previous.lowerBound + j]
                    j += 1
                }
                if !same {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: folded[start...end]))
                    previous = start..<end
                }
                let moved = UInt32(text.count - (end - start) - 1)
                from[Int(whole[i].name)] = UInt32(start)
                to[Int(whole[i].name)] = moved
                whole[i].key = moved
            }
        }
        for i in words.indices {
            let name = Int(words[i].name)
            words[i].key = to[name] + (words[i].key - from[name])
        }
        return text
    }
}
