#!/usr/bin/env python3
"""Writes engine/support/unicode_tables.inc, the Unicode data behind engine/support/unicode.cpp.

Every value is read from CPython 3.12 itself (its unicodedata module is the Unicode Character
Database 15.0.0, and its str methods give the derived properties), so Kiln's answers are CPython's
by construction:

    python3.12 engine/support/gen_unicode_tables.py            # rewrites unicode_tables.inc
    python3.12 engine/support/gen_unicode_tables.py --check    # fails if the file is stale

The browser bundle pays for every byte, so the tables are compact (the script prints their sizes):
  - one record per distinct combination of per-code-point properties (general category,
    bidirectional class, east asian width, mirrored, canonical combining class, numeric value and
    the flags below), found through a three-level table with shared blocks (CPython's splitbins
    idea, applied twice): cp -> index1[cp >> (S2 + S3)] -> index2 block -> index3 block -> record;
  - flags that Python's str methods use and unicodedata does not expose, derived from CPython's
    own str methods: Uppercase (isupper), Lowercase (islower), Cased and Case_Ignorable (the
    final-sigma rule of lower() and title()'s word rule), XID_Start / XID_Continue (isidentifier);
  - decomposition mappings: sorted keys (code point << 14 | offset) into a UTF-16 array holding,
    per entry, a header (tag << 8 | length) and the code points;
  - canonical compositions as indices into those keys, sorted by the decomposed pair;
  - full case mappings: runs of code points that share one delta (stride 1, or 2 for the
    alternating upper/lower pairs of Latin Extended and Cyrillic), plus the few one-to-many
    mappings of SpecialCasing.txt ('ß'.upper() == 'SS', 'İ'.lower() == 'i̇');
  - numeric values as one table of distinct doubles.
Character names are left out: unicodedata.name()/lookup() would need about 1 MB more.
"""
import pathlib
import sys
import unicodedata as ud

assert sys.version_info[:2] == (3, 12), "the tables must come from CPython 3.12 (Unicode 15.0.0)"
assert ud.unidata_version == "15.0.0"

OUT = pathlib.Path(__file__).with_name("unicode_tables.inc")
N = 0x110000

CATEGORIES = ["Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe",
              "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co"]
BIDI = ["", "L", "LRE", "LRO", "R", "AL", "RLE", "RLO", "PDF", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B",
        "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"]
EAW = ["N", "Na", "A", "W", "H", "F"]
TAGS = ["", "<font>", "<noBreak>", "<initial>", "<medial>", "<final>", "<isolated>", "<circle>", "<super>",
        "<sub>", "<vertical>", "<wide>", "<narrow>", "<small>", "<square>", "<fraction>", "<compat>"]

# Record flag bits (must match unicode.cpp).
UPPER, LOWER, CASED, CASE_IGNORABLE, XID_START, XID_CONTINUE = 1, 2, 4, 8, 16, 32
NUM_DECIMAL, NUM_DIGIT, NUM_OTHER = 1, 2, 3  # the numeric kind, bits 6-7 of the flags


def is_surrogate(c):
    return 0xD800 <= c <= 0xDFFF


def derived_flags(c):
    s = chr(c)
    f = 0
    if s.isupper():
        f |= UPPER
    if s.islower():
        f |= LOWER
    # title(): a letter after a cased character is lowercased, so 'a' stays 'a' only after a cased c.
    if (s + "a").title()[-1] == "a":
        f |= CASED
    # lower()'s final sigma: 'Σ' is final after a cased letter, skipping case-ignorable characters.
    # After 'A' + c it is final when c is cased or ignorable; after c alone only when c is cased and
    # not ignorable (an ignorable c is skipped, leaving nothing before it).
    after_a = ("A" + s + "\u03a3").lower()[-1] == "\u03c2"
    alone = (s + "\u03a3").lower()[-1] == "\u03c2"
    if after_a and not alone:
        f |= CASE_IGNORABLE
    if s.isidentifier() and c != 0x5F:  # isidentifier() also accepts '_' first
        f |= XID_START
    if ("a" + s).isidentifier():
        f |= XID_CONTINUE
    return f


def build_records():
    numeric_values = sorted({ud.numeric(chr(c)) for c in range(N) if ud.numeric(chr(c), None) is not None})
    numeric_index = {v: i for i, v in enumerate(numeric_values)}
    assert len(numeric_values) < 256
    records, per_cp = {}, []
    for c in range(N):
        s = chr(c)
        cat = ud.category(s)
        bidi = ud.bidirectional(s)
        flags = derived_flags(c)
        kind, value = 0, 0
        if ud.decimal(s, None) is not None:
            kind = NUM_DECIMAL
        elif ud.digit(s, None) is not None:
            kind = NUM_DIGIT
        elif ud.numeric(s, None) is not None:
            kind = NUM_OTHER
        if kind:
            value = numeric_index[ud.numeric(s)]
            if kind != NUM_OTHER:
                assert ud.numeric(s) == ud.digit(s) and (kind == NUM_DIGIT or ud.decimal(s) == ud.digit(s))
        # The str predicates that unicode.cpp derives from the record must be CPython's.
        if not is_surrogate(c):
            assert s.isalpha() == (cat in ("Lu", "Ll", "Lt", "Lm", "Lo")), hex(c)
            assert s.isdecimal() == (kind == NUM_DECIMAL), hex(c)
            assert s.isdigit() == (kind in (NUM_DECIMAL, NUM_DIGIT)), hex(c)
            assert s.isnumeric() == (kind != 0), hex(c)
            assert s.isspace() == (bidi in ("WS", "B", "S") or cat == "Zs"), hex(c)
            assert s.isprintable() == (c == 0x20 or cat[0] not in "CZ"), hex(c)
            assert s.istitle() == (cat == "Lt" or bool(flags & UPPER)), hex(c)
        rec = (CATEGORIES.index(cat), BIDI.index(bidi), EAW.index(ud.east_asian_width(s)) | ud.mirrored(s) << 3,
               flags | kind << 6, value, ud.combining(s))
        per_cp.append(records.setdefault(rec, len(records)))
    return list(records), per_cp, numeric_values


def ctype(values):
    m = max(values)
    return ("uint8_t", 1) if m < 256 else ("uint16_t", 2) if m < 65536 else ("uint32_t", 4)


def split_blocks(table, shift):
    """Cuts table into blocks of 2**shift entries and shares equal blocks: (index, blocks)."""
    size = 1 << shift
    seen, index, blocks = {}, [], []
    for b in range(0, len(table), size):
        blk = tuple(table[b:b + size])
        if blk not in seen:
            seen[blk] = len(seen)
            blocks.extend(blk)
        index.append(seen[blk])
    return index, blocks


def three_level(table):
    best = None
    for s3 in range(2, 9):
        mid, leaf = split_blocks(table, s3)
        for s2 in range(2, 9):
            top, middle = split_blocks(mid, s2)
            size = len(top) * ctype(top)[1] + len(middle) * ctype(middle)[1] + len(leaf) * ctype(leaf)[1]
            if best is None or size < best[0]:
                best = (size, s2, s3, top, middle, leaf)
    return best


def case_tables():
    """Per mapping: runs (start, count, stride, delta) of one-to-one mappings and the one-to-many ones."""
    out = {}
    for name, fn in (("upper", str.upper), ("lower", str.lower), ("title", str.title), ("fold", str.casefold)):
        single, multi = {}, {}
        for c in range(N):
            if is_surrogate(c):
                continue
            r = fn(chr(c))  # one character: no final-sigma context, title() == title case of c
            if r == chr(c):
                continue
            if len(r) == 1:
                single[c] = ord(r) - c
            else:
                assert len(r) <= 3 and c < 0x10000 and all(ord(x) < 0x10000 for x in r), hex(c)
                multi[c] = [ord(x) for x in r]
        # Runs over the sorted mapped code points: consecutive entries with one gap (1 or 2) and one delta.
        cps, runs, i = sorted(single), [], 0
        while i < len(cps):
            start, delta, stride, j = cps[i], single[cps[i]], 0, i + 1
            while j < len(cps) and single[cps[j]] == delta and j - i < 511:
                gap = cps[j] - cps[j - 1]
                if stride == 0 and gap in (1, 2):
                    stride = gap
                if gap != stride:
                    break
                j += 1
            runs.append((start, j - i, stride or 1, delta))
            i = j
        out[name] = (runs, sorted(multi.items()))
    return out


def decompositions():
    entries = {}
    for c in range(N):
        d = ud.decomposition(chr(c))
        if d:
            parts = d.split()
            tag = TAGS.index(parts[0]) if parts[0].startswith("<") else 0
            entries[c] = (tag, [int(p, 16) for p in parts if not p.startswith("<")])
    keys, data = [], []
    for c in sorted(entries):
        tag, cps = entries[c]
        assert c < 1 << 18 and len(cps) < 256
        keys.append(c << 14 | len(data))
        data.append(tag << 8 | len(cps))
        for cp in cps:
            if cp < 0x10000:
                data.append(cp)
            else:
                cp -= 0x10000
                data.extend((0xD800 | cp >> 10, 0xDC00 | (cp & 0x3FF)))
    assert len(data) < 1 << 14
    # Primary composites: canonical pairs that NFC keeps (composition exclusions and non-starter
    # decompositions fall out: NFC decomposes them and does not recompose).
    order = sorted(entries)
    composites = [c for c in order
                  if entries[c][0] == 0 and len(entries[c][1]) == 2 and ud.normalize("NFC", chr(c)) == chr(c)]
    composites.sort(key=lambda c: tuple(entries[c][1]))
    position = {c: i for i, c in enumerate(order)}
    positions = [position[c] for c in composites]
    return keys, data, positions


def c_array(ctype_name, name, values, per_line=16, fmt=str, comment=None):
    lines = []
    if comment:
        lines.append("// " + comment)
    lines.append(f"constexpr {ctype_name} {name}[] = {{")
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def generate():
    records, per_cp, numeric_values = build_records()
    size3, s2, s3, top, middle, leaf = three_level(per_cp)
    cases = case_tables()
    keys, data, positions = decompositions()

    parts = [
        "// Generated by engine/support/gen_unicode_tables.py from the Unicode Character Database 15.0.0",
        "// (CPython 3.12's unicodedata and str methods). Do not edit: change the script and rerun it.",
        "// Read by engine/support/unicode.cpp, which documents the layout.",
        "",
        'constexpr char kUnidataVersion[] = "15.0.0";',
        "",
        "constexpr const char* kCategoryNames[] = {" + ", ".join(f'"{c}"' for c in CATEGORIES) + "};",
        "constexpr const char* kBidiNames[] = {" + ", ".join(f'"{c}"' for c in BIDI) + "};",
        "constexpr const char* kEastAsianWidthNames[] = {" + ", ".join(f'"{c}"' for c in EAW) + "};",
        "constexpr const char* kDecompositionTags[] = {" + ", ".join(f'"{c}"' for c in TAGS) + "};",
        "",
        f"constexpr int kRecordShift2 = {s2};  // index2 blocks hold 2**kRecordShift2 entries",
        f"constexpr int kRecordShift3 = {s3};  // index3 blocks hold 2**kRecordShift3 entries",
        c_array(ctype(top)[0], "kRecordIndex1", top, 32),
        c_array(ctype(middle)[0], "kRecordIndex2", middle, 24),
        c_array(ctype(leaf)[0], "kRecordIndex3", leaf, 24),
        "// {category, bidirectional, east_asian_width | mirrored << 3, flags | numeric kind << 6,",
        "//  numeric value index, combining class}",
        "constexpr Record kRecords[] = {",
    ]
    # Unassigned code points share one record (CPython 3.12 gives them east_asian_width 'N').
    unassigned = per_cp[0x378]
    assert ud.category(chr(0x378)) == "Cn" and per_cp[0x10FFFF] == unassigned
    for i in range(0, len(records), 6):
        parts.append("    " + " ".join("{%d, %d, %d, %d, %d, %d}," % r for r in records[i:i + 6]))
    parts.append("};")
    parts.append(f"constexpr int kUnassignedRecord = {unassigned};  // for code points past U+10FFFF")
    parts.append(c_array("double", "kNumericValues", numeric_values, 8, fmt=repr))
    sizes = {"records (3-level index + records)": size3 + 6 * len(records), "numeric values": 8 * len(numeric_values)}
    for name in ("upper", "lower", "title", "fold"):
        runs, multi = cases[name]
        cap = name.capitalize()
        parts.append(c_array("CaseRun", f"k{cap}Runs", runs, 4,
                             fmt=lambda r: "{0x%X, %d, %d, %d}" % (r[0], r[1], r[2], r[3])))
        parts.append(c_array("SpecialCase", f"k{cap}Special", multi, 4,
                             fmt=lambda m: "{0x%X, {%s}}" % (m[0], ", ".join("0x%X" % x for x in (m[1] + [0, 0])[:3]))))
        sizes[f"case {name}"] = 8 * len(runs) + 8 * len(multi)
    parts.append(c_array("uint32_t", "kDecompositionKeys", keys, 8, fmt=lambda v: "0x%X" % v,
                         comment="code point << 14 | offset of its entry in kDecompositionData"))
    parts.append(c_array("char16_t", "kDecompositionData", data, 12, fmt=lambda v: "0x%X" % v,
                         comment="per entry: tag << 8 | number of code points, then the code points in UTF-16"))
    parts.append(c_array("uint16_t", "kCompositions", positions, 16,
                         comment="indices into kDecompositionKeys of the primary composites, sorted by their pair"))
    sizes["decompositions"] = 4 * len(keys) + 2 * len(data)
    sizes["compositions"] = 2 * len(positions)
    return "\n".join(parts) + "\n", sizes


def main():
    text, sizes = generate()
    for k, v in sizes.items():
        print(f"{k:40s} {v:7d} bytes", file=sys.stderr)
    print(f"{'total':40s} {sum(sizes.values()):7d} bytes", file=sys.stderr)
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text() != text:
            sys.exit(f"{OUT} is stale: rerun {pathlib.Path(__file__).name}")
        return
    OUT.write_text(text)


if __name__ == "__main__":
    main()
