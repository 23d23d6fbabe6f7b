// Unicode properties, normalization and case mapping over the generated tables; see unicode.h.
//
// Table layout (unicode_tables.inc, written by gen_unicode_tables.py from CPython 3.12):
//  - kRecords: one Record per distinct combination of per-code-point properties. A code point finds
//    its record through three levels of shared blocks: kRecordIndex1[cp >> (S2 + S3)] names an
//    index2 block, whose entry for bits S3..S3+S2 names an index3 block, whose entry for the low S3
//    bits is the record (most of the 1.1M code points sit in a few repeated blocks: unassigned,
//    private use, CJK ideographs).
//  - Case mappings: runs {start, count, stride, delta} mapping start + k * stride to itself + delta,
//    sorted by start and disjoint; the one-to-many mappings (SpecialCasing.txt) in a sorted list.
//  - Decompositions: sorted keys (cp << 14 | offset) into kDecompositionData, where each entry is a
//    header (tag << 8 | count; tag 0 is canonical) and then `count` code points in UTF-16.
//  - Compositions: the primary composites (canonical pairs minus the composition exclusions), as
//    indices into the decomposition keys sorted by their (first, second) pair.
#include "support/unicode.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace kiln::unicode {

namespace {

struct Record {
    uint8_t category;      // index into kCategoryNames
    uint8_t bidi;          // index into kBidiNames
    uint8_t eaw_mirrored;  // index into kEastAsianWidthNames | mirrored << 3
    uint8_t flags;         // the Flag bits | numeric kind << 6
    uint8_t numeric;       // index into kNumericValues (when the numeric kind is not 0)
    uint8_t combining;     // canonical combining class
};

// Record::flags bits (gen_unicode_tables.py writes them).
enum Flag : uint8_t { UPPER = 1, LOWER = 2, CASED = 4, CASE_IGNORABLE = 8, XID_START = 16, XID_CONTINUE = 32 };
enum NumericKind { NUM_NONE = 0, NUM_DECIMAL = 1, NUM_DIGIT = 2, NUM_OTHER = 3 };

struct CaseRun {
    uint32_t start : 21;
    uint32_t count : 9;
    uint32_t stride : 2;
    int32_t delta;
};

struct SpecialCase {
    char16_t cp;
    char16_t out[3];  // 0-padded
};

#include "support/unicode_tables.inc"

// The indices of the category names the predicates test (kCategoryNames' order).
constexpr uint8_t CAT_LU = 1, CAT_LT = 3, CAT_LO = 5, CAT_ZS = 23;  // the letters are LU..LO
constexpr uint8_t BIDI_B = 16, BIDI_S = 17, BIDI_WS = 18;
static_assert(sizeof(kCategoryNames) / sizeof(kCategoryNames[0]) == 30 && kCategoryNames[CAT_LU][1] == 'u' &&
              kCategoryNames[CAT_LO][1] == 'o' && kCategoryNames[CAT_ZS][0] == 'Z' && kCategoryNames[CAT_ZS][1] == 's');
static_assert(kBidiNames[BIDI_B][0] == 'B' && kBidiNames[BIDI_S][0] == 'S' && kBidiNames[BIDI_WS][0] == 'W');

const Record& record(char32_t cp) {
    if (cp > 0x10FFFF) return kRecords[kUnassignedRecord];
    constexpr uint32_t m2 = (1u << kRecordShift2) - 1, m3 = (1u << kRecordShift3) - 1;
    const uint32_t b2 = kRecordIndex1[cp >> (kRecordShift2 + kRecordShift3)];
    const uint32_t b3 = kRecordIndex2[(b2 << kRecordShift2) | ((cp >> kRecordShift3) & m2)];
    return kRecords[kRecordIndex3[(b3 << kRecordShift3) | (cp & m3)]];
}

int numeric_kind(const Record& r) { return r.flags >> 6; }

// ---- case mapping ----------------------------------------------------------------------------------------

template <size_t R, size_t S>
int map_case(char32_t cp, const CaseRun (&runs)[R], const SpecialCase (&special)[S], char32_t out[3]) {
    // The run starting last at or before cp holds cp if cp falls on its stride.
    const CaseRun* run = std::upper_bound(runs, runs + R, cp, [](char32_t c, const CaseRun& r) { return c < r.start; });
    if (run != runs) {
        --run;
        const uint32_t k = cp - run->start;
        if (k % run->stride == 0 && k / run->stride < run->count) {
            out[0] = static_cast<char32_t>(static_cast<int32_t>(cp) + run->delta);
            return 1;
        }
    }
    if (cp < 0x10000) {
        const SpecialCase* sc =
            std::lower_bound(special, special + S, cp, [](const SpecialCase& s, char32_t c) { return s.cp < c; });
        if (sc != special + S && sc->cp == cp) {
            int n = 0;
            while (n < 3 && sc->out[n]) out[n] = sc->out[n], ++n;
            return n;
        }
    }
    out[0] = cp;
    return 1;
}

// ---- decomposition and composition ---------------------------------------------------------------------

constexpr char32_t S_BASE = 0xAC00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11A7;
constexpr char32_t L_COUNT = 19, V_COUNT = 21, T_COUNT = 28, N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT;

constexpr size_t kDecompositionCount = sizeof(kDecompositionKeys) / sizeof(kDecompositionKeys[0]);

// The offset of cp's entry in kDecompositionData, or -1.
int decomposition_entry(char32_t cp) {
    if (cp < 0xA0 || cp >= (1u << 18)) return -1;  // nothing below U+00A0 or past U+2FA1D decomposes
    const uint32_t* end = kDecompositionKeys + kDecompositionCount;
    const uint32_t* k =
        std::lower_bound(kDecompositionKeys, end, cp, [](uint32_t key, char32_t c) { return (key >> 14) < c; });
    if (k == end || (*k >> 14) != cp) return -1;
    return static_cast<int>(*k & 0x3FFF);
}

// Reads the code point at kDecompositionData[i] (UTF-16) and advances i.
char32_t read_utf16(size_t& i) {
    const char32_t u = kDecompositionData[i++];
    if (u < 0xD800 || u > 0xDBFF) return u;
    return 0x10000 + ((u - 0xD800) << 10) + (kDecompositionData[i++] - 0xDC00);
}

// The two code points of a canonical pair entry (only called on primary composites).
void pair_of(uint16_t key_index, char32_t& first, char32_t& second) {
    size_t i = (kDecompositionKeys[key_index] & 0x3FFF) + 1;
    first = read_utf16(i);
    second = read_utf16(i);
}

void decompose_into(char32_t cp, bool compat, std::u32string& out) {
    if (cp >= S_BASE && cp < S_BASE + S_COUNT) {
        const char32_t s = cp - S_BASE;
        out += L_BASE + s / N_COUNT;
        out += V_BASE + (s % N_COUNT) / T_COUNT;
        if (s % T_COUNT) out += T_BASE + s % T_COUNT;
        return;
    }
    const int entry = decomposition_entry(cp);
    if (entry >= 0) {
        const char16_t header = kDecompositionData[entry];
        if ((header >> 8) == 0 || compat) {
            size_t i = static_cast<size_t>(entry) + 1;
            for (int n = header & 0xFF; n > 0; --n) decompose_into(read_utf16(i), compat, out);
            return;
        }
    }
    out += cp;
}

// The primary composite of first + second, or 0.
char32_t compose(char32_t first, char32_t second) {
    if (first >= L_BASE && first < L_BASE + L_COUNT && second >= V_BASE && second < V_BASE + V_COUNT)
        return S_BASE + ((first - L_BASE) * V_COUNT + (second - V_BASE)) * T_COUNT;
    if (first >= S_BASE && first < S_BASE + S_COUNT && (first - S_BASE) % T_COUNT == 0 && second > T_BASE &&
        second < T_BASE + T_COUNT)
        return first + (second - T_BASE);
    const uint16_t* end = kCompositions + sizeof(kCompositions) / sizeof(kCompositions[0]);
    const uint16_t* it = std::lower_bound(kCompositions, end, 0, [&](uint16_t key_index, int) {
        char32_t a, b;
        pair_of(key_index, a, b);
        return a < first || (a == first && b < second);
    });
    if (it == end) return 0;
    char32_t a, b;
    pair_of(*it, a, b);
    return a == first && b == second ? static_cast<char32_t>(kDecompositionKeys[*it] >> 14) : 0;
}

// Canonical ordering: each run of non-starters sorted by combining class, stably.
void reorder(std::u32string& s) {
    for (size_t i = 1; i < s.size(); ++i) {
        const int ccc = combining(s[i]);
        if (ccc == 0) continue;
        size_t j = i;
        while (j > 0) {
            const int prev = combining(s[j - 1]);
            if (prev == 0 || prev <= ccc) break;
            std::swap(s[j - 1], s[j]);
            --j;
        }
    }
}

// Canonical composition (UAX #15): each character composes with the last starter unless a
// character in between has a combining class of 0 or >= its own (it is blocked).
std::u32string compose_all(const std::u32string& d) {
    std::u32string out;
    if (d.empty()) return out;
    out.reserve(d.size());
    out += d[0];
    size_t starter = 0;
    // 256 marks "no starter to compose with" (the text began with a non-starter).
    int last_class = combining(d[0]) == 0 ? 0 : 256;
    for (size_t i = 1; i < d.size(); ++i) {
        const char32_t c = d[i];
        const int cls = combining(c);
        const char32_t composite = last_class == 256 ? 0 : compose(out[starter], c);
        if (composite && (last_class < cls || last_class == 0)) {
            out[starter] = composite;
            continue;
        }
        if (cls == 0) starter = out.size();
        last_class = cls;
        out += c;
    }
    return out;
}

}  // namespace

const char* const unidata_version = kUnidataVersion;

const char* category(char32_t cp) { return kCategoryNames[record(cp).category]; }
const char* bidirectional(char32_t cp) { return kBidiNames[record(cp).bidi]; }
const char* east_asian_width(char32_t cp) { return kEastAsianWidthNames[record(cp).eaw_mirrored & 7]; }
bool mirrored(char32_t cp) { return record(cp).eaw_mirrored >> 3; }
int combining(char32_t cp) { return cp < 0x300 ? 0 : record(cp).combining; }

std::string decomposition(char32_t cp) {
    const int entry = decomposition_entry(cp);
    if (entry < 0) return "";
    const char16_t header = kDecompositionData[entry];
    std::string out = kDecompositionTags[header >> 8];
    size_t i = static_cast<size_t>(entry) + 1;
    for (int n = header & 0xFF; n > 0; --n) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(read_utf16(i)));
        if (!out.empty()) out += ' ';
        out += hex;
    }
    return out;
}

int decimal(char32_t cp) {
    const Record& r = record(cp);
    return numeric_kind(r) == NUM_DECIMAL ? static_cast<int>(kNumericValues[r.numeric]) : -1;
}

int digit(char32_t cp) {
    const Record& r = record(cp);
    const int kind = numeric_kind(r);
    return kind == NUM_DECIMAL || kind == NUM_DIGIT ? static_cast<int>(kNumericValues[r.numeric]) : -1;
}

bool numeric(char32_t cp, double& value) {
    const Record& r = record(cp);
    if (numeric_kind(r) == NUM_NONE) return false;
    value = kNumericValues[r.numeric];
    return true;
}

bool parse_form(std::string_view name, Form& form) {
    if (name == "NFC") form = Form::NFC;
    else if (name == "NFD") form = Form::NFD;
    else if (name == "NFKC") form = Form::NFKC;
    else if (name == "NFKD") form = Form::NFKD;
    else return false;
    return true;
}

std::u32string normalize(Form form, std::u32string_view s) {
    // Code points below U+00A0 neither decompose, compose with a predecessor nor reorder.
    if (std::all_of(s.begin(), s.end(), [](char32_t c) { return c < 0xA0; })) return std::u32string(s);
    const bool compat = form == Form::NFKC || form == Form::NFKD;
    std::u32string d;
    d.reserve(s.size());
    for (char32_t c : s) decompose_into(c, compat, d);
    reorder(d);
    return form == Form::NFC || form == Form::NFKC ? compose_all(d) : d;
}

bool is_normalized(Form form, std::u32string_view s) { return normalize(form, s) == s; }

int to_upper(char32_t cp, char32_t out[3]) { return map_case(cp, kUpperRuns, kUpperSpecial, out); }
int to_lower(char32_t cp, char32_t out[3]) { return map_case(cp, kLowerRuns, kLowerSpecial, out); }
int to_title(char32_t cp, char32_t out[3]) { return map_case(cp, kTitleRuns, kTitleSpecial, out); }
int casefold(char32_t cp, char32_t out[3]) { return map_case(cp, kFoldRuns, kFoldSpecial, out); }

bool is_alpha(char32_t cp) {
    const uint8_t c = record(cp).category;
    return c >= CAT_LU && c <= CAT_LO;
}
bool is_decimal(char32_t cp) { return numeric_kind(record(cp)) == NUM_DECIMAL; }
bool is_digit(char32_t cp) {
    const int kind = numeric_kind(record(cp));
    return kind == NUM_DECIMAL || kind == NUM_DIGIT;
}
bool is_numeric(char32_t cp) { return numeric_kind(record(cp)) != NUM_NONE; }
bool is_alnum(char32_t cp) {
    const Record& r = record(cp);
    return (r.category >= CAT_LU && r.category <= CAT_LO) || numeric_kind(r) != NUM_NONE;
}
bool is_space(char32_t cp) {
    const Record& r = record(cp);
    return r.bidi == BIDI_WS || r.bidi == BIDI_B || r.bidi == BIDI_S || r.category == CAT_ZS;
}
bool is_printable(char32_t cp) {
    if (cp == ' ') return true;
    const char first = kCategoryNames[record(cp).category][0];
    return first != 'C' && first != 'Z';
}
bool is_upper(char32_t cp) { return record(cp).flags & UPPER; }
bool is_lower(char32_t cp) { return record(cp).flags & LOWER; }
bool is_title(char32_t cp) { return record(cp).category == CAT_LT; }
bool is_cased(char32_t cp) { return record(cp).flags & CASED; }
bool is_case_ignorable(char32_t cp) { return record(cp).flags & CASE_IGNORABLE; }
bool is_xid_start(char32_t cp) { return record(cp).flags & XID_START; }
bool is_xid_continue(char32_t cp) { return record(cp).flags & XID_CONTINUE; }

}  // namespace kiln::unicode
