#!/usr/bin/env python3
"""Writes _FoldingTable.swift: how each non-ASCII Unicode scalar folds for matching.

Run by a maintainer when the folding rules change (`python3 generate_folding_table.py`
from this folder); the output is committed. Python's `unicodedata` supplies the Unicode
data, so the Swift side needs neither Foundation nor ICU to fold a query.

A scalar folds to:
- nothing: combining marks (Mn, Me) and format characters (Cf, e.g. ZERO WIDTH JOINER),
  so "São" and "Sa\\u0303o" both give "sao";
- a space: separators, punctuation, symbols and control characters, and the modifier
  letters used as apostrophes (ʻ ʼ ʾ ʿ), so "L'Aquila" gives "l aquila";
- otherwise its compatibility decomposition (NFKD) without marks, with the special
  letters below mapped to ASCII, case-folded ("Zürich" -> "zurich", "ß" -> "ss",
  "Ｔｏｋｙｏ" -> "tokyo", "Москва" -> "москва").
Hiragana, katakana and Hangul syllables fold to themselves (NFKC for half-width forms):
stripping their voicing marks or splitting syllables into jamo would merge distinct words.
Only scalars whose fold differs from themselves are listed, as runs of scalars that fold by a
common rule (a block to one fold, or each to the scalar a fixed distance away) and lists for
the rest: a few hundred lines that compile quickly (the one-line-a-scalar form was 15,900).
"""
import os
import unicodedata

SPECIAL = {
    "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h",
    "Ħ": "h", "ŀ": "l", "Ŀ": "l", "ŧ": "t", "Ŧ": "t", "ß": "ss", "ẞ": "ss", "ĸ": "k",
    "ƒ": "f", "ƀ": "b", "Ɓ": "b", "ɓ": "b", "Ƈ": "c", "ƈ": "c", "Ɗ": "d", "ɗ": "d",
    "Ƙ": "k", "ƙ": "k", "ƚ": "l", "Ɲ": "n", "ɲ": "n", "ƞ": "n", "Ƥ": "p", "ƥ": "p",
    "ƫ": "t", "Ƭ": "t", "ƭ": "t", "Ʈ": "t", "ʈ": "t", "Ʋ": "v", "ʋ": "v", "Ƴ": "y",
    "ƴ": "y", "Ƶ": "z", "ƶ": "z", "ȥ": "z", "Ȥ": "z", "ɖ": "d", "Ɖ": "d", "ɨ": "i",
    "Ɨ": "i", "ʉ": "u", "Ʉ": "u", "ɛ": "e", "Ɛ": "e", "ɔ": "o", "Ɔ": "o", "ə": "e",
    "Ə": "e", "ǝ": "e", "Ǝ": "e", "ŋ": "ng", "Ŋ": "ng",
}
APOSTROPHE_LIKE = {0x02B9, 0x02BA, 0x02BB, 0x02BC, 0x02BD, 0x02BE, 0x02BF, 0x02C8, 0x02CA,
                   0x02CB, 0x02EE}
KEEP = [(0x3040, 0x30FF), (0x31F0, 0x31FF), (0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F)]


def is_separator(ch):
    cat = unicodedata.category(ch)
    return cat[0] in "PSZ" or cat == "Cc"


def fold(cp):
    ch = chr(cp)
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Me", "Cf"):
        return ""
    if cp in APOSTROPHE_LIKE or is_separator(ch):
        return " "
    if any(lo <= cp <= hi for lo, hi in KEEP):
        return unicodedata.normalize("NFKC", ch)
    out = []
    for d in unicodedata.normalize("NFKD", ch):
        if unicodedata.category(d) in ("Mn", "Me", "Cf"):
            continue
        d = SPECIAL.get(d, d)
        for c in d.casefold():
            c = SPECIAL.get(c, c)
            if c.isascii() and not c.isalnum():
                out.append(" ")
            elif not c.isascii() and is_separator(c):
                out.append(" ")
            else:
                out.append(c)
    return "".join(out)


MIN_RUN = 3          # a shorter run is cheaper as part of a list
LINE_WIDTH = 116     # display columns of a table line (CJK counts two), inside the 120 limit


def table():
    """The non-ASCII scalars whose fold differs from themselves, in order: (scalar, fold)."""
    entries = []
    for cp in range(0x80, 0x30000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        f = fold(cp)
        if f != chr(cp):
            assert not set(f) & set("\n_|=~:+/"), (hex(cp), f)
            entries.append((cp, f))
    return entries


def run_at(folds, covered, cp):
    """The longest run from cp: (count, stride, token suffix); scalars it covers fold alike."""
    best = (1, 1, "=" + folds[cp])
    candidates = [("=", folds[cp])]
    if len(folds[cp]) == 1:
        candidates.append(("~", ord(folds[cp]) - cp))
    for stride in (1, 2):
        for kind, value in candidates:
            n = 1
            while True:
                nxt = cp + n * stride
                if nxt not in folds or nxt in covered:
                    break
                f = folds[nxt]
                if kind == "=" and f != value or kind == "~" and (len(f) != 1 or ord(f) - nxt != value):
                    break
                n += 1
            if n > best[0]:
                suffix = "=" + value if kind == "=" else "~" + ("-" if value < 0 else "") + f"{abs(value):X}"
                best = (n, stride, suffix)
    return best


def tokens(entries):
    """The table as tokens (see the file's header): runs where scalars fold by a common rule,
    lists for the rest."""
    folds = dict(entries)
    covered = set()
    out = []
    for cp, _ in entries:
        if cp in covered:
            continue
        n, stride, suffix = run_at(folds, covered, cp)
        if n >= MIN_RUN:
            covered.update(cp + k * stride for k in range(n))
            out.append(f"{cp:X}+{n:X}" + ("/2" if stride == 2 else "") + suffix.replace(" ", "_"))
            continue
        listed = [folds[cp]]
        covered.add(cp)
        nxt = cp + 1
        while (nxt in folds and nxt not in covered and run_at(folds, covered, nxt)[0] < MIN_RUN
               and width("|".join(listed + [folds[nxt]])) < LINE_WIDTH - 8):
            listed.append(folds[nxt])
            covered.add(nxt)
            nxt += 1
        out.append(f"{cp:X}:" + "|".join(listed).replace(" ", "_"))
    assert covered == set(folds)
    return out


def width(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


HEADER = """\
// Generated by generate_folding_table.py from Python's unicodedata (Unicode {version}). Do not edit.
//
// The non-ASCII scalars whose fold differs from themselves ({count} of them), as tokens separated
// by spaces and newlines. Code points and counts are hex; '_' in a fold is a space; an empty fold
// means the scalar is dropped.
//   START+COUNT=FOLD      COUNT scalars from START all fold to FOLD
//   START+COUNT~DELTA     each of COUNT scalars from START folds to the scalar DELTA after it
//                         (DELTA may start with '-'): case pairs, full-width and math letters
//   START+COUNT/2...      either run, over every second scalar
//   START:F1|F2|...       the scalars from START on fold to F1, F2, ... in turn
// `_FoldingTableLookup` expands it on first use.

let _foldingTableSource = #\"\"\"
"""


def render(entries):
    lines, line = [], ""
    for token in tokens(entries):
        if line and width(line) + 1 + width(token) > LINE_WIDTH:
            lines.append(line)
            line = ""
        line = line + " " + token if line else token
    lines.append(line)
    assert all(width(l) <= LINE_WIDTH for l in lines)
    header = HEADER.format(version=unicodedata.unidata_version, count=len(entries))
    return header + "\n".join(lines) + "\n\"\"\"#\n"


def main():
    entries = table()
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "_FoldingTable.swift"), "w", encoding="utf-8") as out:
        out.write(render(entries))
    print(f"{len(entries)} scalars")


if __name__ == "__main__":
    main()
