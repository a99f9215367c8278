#!/usr/bin/env python3
"""The library's layers, read from the code: the tree for docs/architecture.md, and a
check that no layer uses a type of a layer above it.

    python3 docs/scripts/architecture.py            # the tree and the layer check
    python3 docs/scripts/architecture.py --check    # the check alone; exit 1 on a violation
    python3 docs/scripts/architecture.py --write    # rewrite the generated part of
                                                    # docs/architecture.md

How the check works: every top-level declaration (a type, a typealias, a function, a
`let` or `var` at column 0) of a file under Sources/LocationSearch belongs to the file's
layer (its folder; the files at the top are the public values or the completer, see
LAYERS). A file that names a declaration of a higher layer (as a whole word, outside
comments and string literals) is a violation. Extensions do not declare: an extension's
members belong to the file it is in. Names declared in two layers are ignored (rare, and
the check would not know which is meant).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = os.path.join(ROOT, "Sources", "LocationSearch")
DOC = os.path.join(ROOT, "docs", "architecture.md")

# Lowest first. A layer may use its own names and those of the layers before it.
LAYERS = [
    ("Values", "the public values: Place, GeoCoordinate, HighlightRange, CompletionOptions, GazetteerError"),
    ("Internals", "plumbing: locks, hashing, heaps, POSIX, checksums, two passes at once"),
    ("Storage", "the column codecs every structure uses, the front-coded text among them"),
    ("Generated", "generated Unicode tables beside their generators"),
    ("Text", "folding, tokenising, synonyms, name quality, the query plan"),
    ("Names", "how display names are stored and decoded: string tables, symbol codes, folds"),
    ("Gazetteer", "reading GeoNames files and custom places; load reports, errors"),
    ("Qualifiers", "\"paris tx\": regions and countries as qualifiers"),
    ("Index", "keys, tries, views, the ranking weights and the index build; File/ for the format"),
    ("Search", "search, best-first and typo walks, filters, matches, stored answers"),
    ("Completion", "from a match to a LocalSearchCompletion: titles, subtitles, ranges"),
    ("Completer", "LocationCompleter: build, load, complete"),
    ("Async", "sessions, debounce, states"),
    ("Rendering", "AttributedString scope and renderer; ANSI styles"),
]
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}
VALUES = {"Place.swift", "GeoCoordinate.swift", "HighlightRange.swift", "CompletionOptions.swift", "GazetteerError.swift"}
TOP_LEVEL_COMPLETION = {"LocalSearchCompletion.swift"}

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate|final|nonisolated\(unsafe\)|"
    r"nonisolated|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)")
WORD = re.compile(r"[A-Za-z_]\w*")


def layer_of(path):
    relative = os.path.relpath(path, LIBRARY)
    parts = relative.split(os.sep)
    if len(parts) == 1:
        if parts[0] in VALUES:
            return "Values"
        if parts[0] in TOP_LEVEL_COMPLETION:
            return "Completion"
        return "Completer"
    return parts[0]


def swift_files():
    for directory, _, files in os.walk(LIBRARY):
        for name in sorted(files):
            if name.endswith(".swift") and not name.startswith("generate_"):
                yield os.path.join(directory, name)


def code_only(text):
    """The text without comments and string literals (multi-line ones included)."""
    text = re.sub(r'#"""(?:.|\n)*?"""#', '""', text)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", "", text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return text


def read_library():
    files = {}
    owners = {}
    for path in swift_files():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        layer = layer_of(path)
        if layer not in RANK:
            raise SystemExit(f"{os.path.relpath(path, ROOT)}: folder {layer} is in no layer (LAYERS)")
        code = code_only(text)
        declared = set()
        for line in code.split("\n"):
            match = DECLARATION.match(line)
            if match:
                declared.add(match.group(1))
        files[path] = (layer, text, code, declared)
        for name in declared:
            owners.setdefault(name, set()).add(layer)
    owners = {name: next(iter(layers)) for name, layers in owners.items() if len(layers) == 1}
    return files, owners


def violations(files, owners):
    found = []
    for path, (layer, _, code, declared) in files.items():
        used = set(WORD.findall(code)) - declared
        for name in sorted(used):
            owner = owners.get(name)
            if owner is not None and RANK[owner] > RANK[layer]:
                found.append((os.path.relpath(path, LIBRARY), layer, name, owner))
    return sorted(found)


def tree(files):
    by_layer = {}
    for path, (layer, text, _, _) in files.items():
        by_layer.setdefault(layer, []).append((os.path.relpath(path, LIBRARY), text.count("\n")))
    lines = []
    total = 0
    for name, what in LAYERS:
        entries = sorted(by_layer.get(name, []))
        count = sum(n for _, n in entries)
        total += count
        lines.append(f"{name} ({count} lines): {what}")
        for relative, n in entries:
            lines.append(f"    {relative} ({n})")
    return lines, total


def generated(files):
    lines, total = tree(files)
    hand = [(os.path.relpath(p, LIBRARY), t.count("\n")) for p, (layer, t, _, _) in files.items()
            if layer != "Generated"]
    long = sorted((n, r) for r, n in hand if n > 300)
    out = ["<!-- Made by docs/scripts/architecture.py --write; do not edit by hand. -->", "",
           f"Sources/LocationSearch: {total} lines of Swift, "
           f"{sum(n for _, n in hand)} of them written by hand.", "", "```"] + lines + ["```", ""]
    if long:
        out.append("Hand-written files over 300 lines: " + ", ".join(f"`{r}` ({n})" for n, r in reversed(long)) + ".")
    else:
        out.append("No hand-written file is over 300 lines.")
    return "\n".join(out) + "\n"


def main():
    files, owners = read_library()
    found = violations(files, owners)
    if "--write" in sys.argv:
        with open(DOC, encoding="utf-8") as f:
            doc = f.read()
        start = doc.index("<!-- Made by docs/scripts/architecture.py")
        end = doc.index("<!-- End of the generated part. -->")
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(doc[:start] + generated(files) + "\n" + doc[end:])
    elif "--check" not in sys.argv:
        print(generated(files))
    for relative, layer, name, owner in found:
        print(f"{relative} ({layer}) uses {name} ({owner})")
    print(f"{len(found)} uses of a higher layer")
    return 1 if found and "--check" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
