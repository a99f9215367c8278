extension _PrefixIndex {
    /// Some places' folded names and keys, before sorting: each (place, folded name) once,
    /// in place order, as `init(_:progress:)` indexes them. Two such parts, of the first
    /// and the second half of the places, folded at once and joined by `append(_:)`, are
    /// what one part of all the places would be.
    struct FoldedNames: Sendable {
        /// The folded names, each followed by a 0 byte.
        var folded: [UInt8] = []
        /// Per indexed name (a key's `name`): its index in the gazetteer's names, and its place.
        var nameDisplay: [UInt32] = [], namePlace: [UInt32] = []
        /// The whole-name keys and the word keys, unsorted, as offsets into `folded`.
        var whole: [_SortedKeys.Entry] = [], words: [_SortedKeys.Entry] = []
        /// The longest folded name, in bytes.
        var longest = 0
        /// Cities' canonical keys and their alternate names' (`weighShadowedAliases`), each
        /// part's as it folded them: `append` keeps the other part's, not a copy of its
        /// million entries (which took one core 17 ms).
        var cityParts: [CityKeys] = []

        /// One part's cities' canonical keys and their alternate names' keys and refs, as
        /// they folded (hashed there, while the halves fold on both cores): an alias that is
        /// another city's name is shadowed (`_Ranking.weights.shadowedAlternateName`). Each
        /// key is `folded[textBase + start ..< textBase + start + length]`, each ref
        /// `refBase + ref`.
        struct CityKeys: Sendable {
            var names: [(hash: UInt64, start: UInt32, length: UInt32)] = []
            var aliases: [(hash: UInt64, ref: UInt32, start: UInt32, length: UInt32)] = []
            var textBase: UInt32 = 0, refBase: UInt32 = 0
        }
        /// The names coded over their folds (`_NameFolds.Coder`), in name order: each
        /// name's codes (their header's text number still 0) end at its `end` in `nameCodes`.
        var codedNames: [_CompressedStrings.FoldCodedName] = []
        var nameCodes: [UInt16] = []
        /// The names a respelling can choose (`_NameFolds.respellable`): each with bytes
        /// beyond ASCII that folds like another name of its place (in no order, some twice).
        var respellable: [UInt32] = []

        /// The folded names of `gazetteer`'s places in `range`, each name coded over its
        /// fold by `coder` where that is shorter (none without a coder), reporting progress
        /// to `progress`; with room for the names of the places in `room` (those of parts
        /// to be appended too), `range`'s by default.
        ///
        /// - Complexity: O(*b*) for *b* bytes of names (a place's keys are told apart by
        ///   hash once it has many).
        init(
            _ gazetteer: Gazetteer, places range: Range<Int>, room: Range<Int>? = nil, coder: _NameFolds.Coder?,
            progress: _BuildProgress?
        ) {
            var part = FoldedNames()
            gazetteer._names.withCursor { cursor in
                if let coder {
                    coder.encoder.withLookup {
                        part.fold(gazetteer, places: range, room: room ?? range, &cursor, $0,
                                  _NameFolds.Coder.Scratch(coder.table), progress: progress)
                    }
                } else {
                    part.fold(gazetteer, places: range, room: room ?? range, &cursor, nil, nil, progress: progress)
                }
            }
            self = part
        }

        private init() {}

        /// Folds the names of `gazetteer`'s places in `range` into these (`init`), reading
        /// them with `cursor`, and codes them over their folds with `lookup` and `scratch`
        /// (none without them), with room for the names of the places in `room`.
        private mutating func fold(
            _ gazetteer: Gazetteer, places range: Range<Int>, room: Range<Int>,
            _ cursor: inout _CompressedStrings.Cursor,
            _ lookup: _SymbolTable.Encoder.Lookup?, _ scratch: _NameFolds.Coder.Scratch?, progress: _BuildProgress?
        ) {
            let places = gazetteer._places.buffers
            let nameCount = room.isEmpty
                ? 0 : Int(places[room.upperBound - 1].firstName + places[room.upperBound - 1].nameCount)
                    - Int(places[room.lowerBound].firstName)
            // The names' codes take about 0.6 of their UTF-8 (`_CompressedStrings`): twice
            // theirs, and a terminator a name, hold the folded names.
            let codes = gazetteer._names.codes.count * nameCount / max(1, gazetteer._names.count)
            folded.reserveCapacity(codes * 2 + nameCount)
            nameDisplay.reserveCapacity(nameCount)
            namePlace.reserveCapacity(nameCount)
            // (The keys are copied into new lists when the parts are joined: room for this
            // part's names only.)
            let partNames = range.isEmpty
                ? 0 : Int(places[range.upperBound - 1].firstName + places[range.upperBound - 1].nameCount)
                    - Int(places[range.lowerBound].firstName)
            whole.reserveCapacity(partNames)
            words.reserveCapacity(partNames)

            var placeKeys: [Range<Int>] = []  // ranges of `folded`: slices would force copy-on-write
            var placeRefs: [UInt32] = []  // each key's ref
            var placeWide: [Bool] = []  // whether each key's first name has bytes beyond ASCII
            // A place's keys by hash once it has many names (a GeoNames row can hold tens of
            // thousands of alternate names): comparing each with all before it would be
            // quadratic. A hash shared by two different keys falls back to the comparisons.
            // A place's keys by hash, once it has many: its first key of each hash (the
            // bytes of the others compared by `firstIndex(of:among:in:)`).
            var manyKeys = _HashSlots(), manyKeysActive = false
            let fewNames = 16
            let names = gazetteer._names
            // (Names coded over another index's folds are coded over this one's whatever
            // their length: their own codes are not kept.)
            let sourceFolds = names.folds.flags.isEmpty ? nil : names.folds
            // (Local arrays, stored when done: appending to a property costs more.)
            var nameCodes: [UInt16] = [], codedNames: [_CompressedStrings.FoldCodedName] = []
            var respellable: [UInt32] = []
            var cities = CityKeys()
            if lookup != nil {
                nameCodes.reserveCapacity(3 * nameCount)
                codedNames.reserveCapacity(nameCount)
            }
            // (The text too: folded into in place, a property would be checked for
            // exclusive access at run time, byte by byte.)
            var folded = self.folded
            self.folded = []
            defer {
                self.folded = folded
                self.nameCodes = nameCodes
                self.codedNames = codedNames
                self.respellable = respellable
                self.cityParts = [cities]
            }
            for placeIndex in range {
                if let progress, placeIndex & 0x3FFF == 0 {
                    progress("Folding names", Double(placeIndex - range.lowerBound) / Double(range.count))
                }
                let record = places[placeIndex]
                let importance = _Ranking.importance(population: record.population, kind: record.kind)
                placeKeys.removeAll(keepingCapacity: true)
                placeRefs.removeAll(keepingCapacity: true)
                placeWide.removeAll(keepingCapacity: true)
                manyKeysActive = false
                for n in 0..<Int(record.nameCount) {
                    let name = Int(record.firstName) + n
                    let display = cursor.bytes(name)
                    let own = sourceFolds?.isFlagged(name) == true ? Int.max : cursor.units.count
                    // The fold is written where it will stay, after the keys before it
                    // (folding into a key of its own and copying it took two appends a
                    // name), and taken back if the name is not indexed.
                    let start = folded.count
                    let count = _Folding.fold(utf8: display, appendingTo: &folded)
                    // (A fold past `longestKey` bytes is indexed by its start: see there.)
                    let length = _PrefixIndex.keyLength(of: folded, start: start, count: count)
                    if length < count { folded.removeLast(count - length) }
                    let key = start..<start + length
                    guard !key.isEmpty else { continue }
                    let wide = display._hasNonASCII
                    var keyHash: UInt64? = nil  // (taken once, if a many-named place or a city needs it)
                    // A name that folds like an earlier one of its place is not indexed
                    // again: it is coded over that one's key.
                    if placeKeys.count < fewNames {
                        if let seen = Self.firstIndex(of: key, among: placeKeys, in: folded) {
                            Self.markRespellable(name, wide: wide, like: seen, placeRefs, placeWide, nameDisplay,
                                                 &respellable)
                            if let lookup, let scratch {
                                Self.code(name, display, own: own, over: key, of: folded, ref: placeRefs[seen],
                                          lookup, scratch, &nameCodes, &codedNames)
                            }
                            folded.removeLast(key.count)
                            continue
                        }
                    } else {
                        if !manyKeysActive {
                            manyKeys.reset(capacity: Int(record.nameCount))
                            manyKeysActive = true
                            for i in placeKeys.indices {
                                let hash = Self.hash(folded[placeKeys[i]])
                                if manyKeys.first(hash) == nil { manyKeys.insert(hash, i) }
                            }
                        }
                        let hash = Self.hash(folded[key])
                        keyHash = hash
                        if let seen = manyKeys.first(hash) {
                            let same = Self.holds(folded, placeKeys[seen], key)
                                ? seen : Self.firstIndex(of: key, among: placeKeys, in: folded)
                            if let same {
                                Self.markRespellable(name, wide: wide, like: same, placeRefs, placeWide, nameDisplay,
                                                     &respellable)
                                if let lookup, let scratch {
                                    Self.code(name, display, own: own, over: key, of: folded, ref: placeRefs[same],
                                              lookup, scratch, &nameCodes, &codedNames)
                                }
                                folded.removeLast(key.count)
                                continue
                            }
                        } else {
                            manyKeys.insert(hash, placeKeys.count)
                        }
                    }
                    folded.append(0)
                    placeKeys.append(key)
                    longest = max(longest, key.count)
                    let ref = UInt32(nameDisplay.count)
                    placeRefs.append(ref)
                    placeWide.append(wide)
                    if let lookup, let scratch {
                        Self.code(name, display, own: own, over: key, of: folded, ref: ref, lookup, scratch,
                                  &nameCodes, &codedNames)
                    }
                    nameDisplay.append(UInt32(name))
                    namePlace.append(UInt32(placeIndex))
                    if record.kind == .city {
                        let keyHash = keyHash ?? Self.hash(folded[key]), start = UInt32(start), length = UInt32(key.count)
                        if n == 0 {
                            cities.names.append((keyHash, start, length))
                        } else {
                            cities.aliases.append((keyHash, ref, start, length))
                        }
                    }
                    var score = importance + (n == 0 ? 0 : _Ranking.weights.alternateName)
                    if n > 0 && _NameQuality.isLowercaseOnly(utf8: display) {
                        score += _Ranking.weights.artefactAlternateName
                    }
                    whole.append(.init(key: UInt32(start), name: ref, score: score))
                    for i in key where folded[i] == 0x20 {
                        words.append(.init(key: UInt32(i + 1), name: ref, score: score))
                    }
                    // A city's canonical name written without spaces, for "newyork" and
                    // "laquila". Its display is the same name; highlighting maps the joined
                    // bytes back. (Other spellings are read from the query instead: see
                    // `LocationCompleter.completions(for:options:)`.)
                    if n == 0 && record.kind == .city && folded[key].contains(0x20) {
                        let joined = folded[key].filter { $0 != 0x20 }
                        let start = folded.count
                        folded.append(contentsOf: joined)
                        folded.append(0)
                        let ref = UInt32(nameDisplay.count)
                        nameDisplay.append(UInt32(name))
                        namePlace.append(UInt32(placeIndex))
                        whole.append(
                            .init(key: UInt32(start), name: ref, score: importance + _Ranking.weights.joinedName))
                    }
                }
            }
        }
    }
}
