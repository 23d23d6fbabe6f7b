#!/usr/bin/env python3
"""Generates the expected values in tests/vm/test_text.cpp from real CPython.

Every expected string in the generated region of test_text.cpp was produced by this script under
CPython 3.11 (format(), %, str methods, int(), float()). To regenerate after adding cases here:

    python3.11 tests/vm/gen_text_cases.py --write

which rewrites the text between the "BEGIN GENERATED" and "END GENERATED" markers in test_text.cpp
(without --write the generated C++ is printed). Review the diff before committing.

Kiln-specific differences are applied here, explicitly, and nowhere else:
  - Kiln ints are 64-bit: int(s) of a valid literal outside int64 is expected to raise
    ValueError "int too large for Kiln (64-bit): <repr(s), cut to 200 characters like CPython's>".
"""
import math
import pathlib
import sys

assert sys.version_info[:2] == (3, 11), "expected values must come from CPython 3.11"

INF, NAN = float("inf"), float("nan")


def cxx_str(s):
    """A C++ string literal with exactly the UTF-8 bytes of s (octal escapes cannot run on)."""
    out = ['"']
    for b in s.encode("utf-8"):
        c = chr(b)
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    out.append('"s')
    return "".join(out)


def lex_atoms(line):
    """Splits a generated line into atoms: string literals (with their suffix) and other text, the
    latter cut after each ", " so that lines can break between arguments."""
    atoms, i = [], 0
    while i < len(line):
        if line[i] == '"':
            j = i + 1
            while line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            j += 1
            if j < len(line) and line[j] == "s":
                j += 1
            atoms.append(("str", line[i:j]))
            i = j
        else:
            j = i
            while j < len(line) and line[j] != '"' and not line.startswith(", ", j):
                j += 1
            if line.startswith(", ", j):
                j += 2
            atoms.append(("text", line[i:j]))
            i = j
    return atoms


def literal_tokens(lit):
    """The characters of a literal body, escapes kept whole (\\ooo or \\x)."""
    body = lit[1:lit.rindex('"')]
    toks, i = [], 0
    while i < len(body):
        n = (4 if body[i + 1].isdigit() else 2) if body[i] == "\\" else 1
        toks.append(body[i:i + n])
        i += n
    return toks, lit[lit.rindex('"') + 1:]


def wrap(line, limit=110, indent=" " * 8):
    """Wraps a generated line to `limit` columns, splitting long string literals into adjacent
    literals (which C++ concatenates)."""
    if len(line) <= limit:
        return line
    out, cur = [], ""
    for kind, atom in lex_atoms(line):
        if len(cur) + len(atom.rstrip()) <= limit:
            cur += atom
            continue
        if kind == "text" or len(atom) <= limit - len(indent):
            out.append(cur.rstrip())
            cur = indent + atom
            continue
        toks, suffix = literal_tokens(atom)
        if len(cur) > limit - 20:
            out.append(cur.rstrip())
            cur = indent
        cur += '"'
        for t in toks:
            if len(cur) + len(t) + 3 > limit:
                out.append(cur + '"')
                cur = indent + '"'
            cur += t
        cur += '"' + suffix
    out.append(cur.rstrip())
    return "\n".join(out)


def cxx_int(v):
    if v == -(2**63):
        return "INT64_MIN"
    return str(v)


def cxx_float(v):
    if math.isnan(v):
        return "NAN_" if math.copysign(1, v) > 0 else "-NAN_"
    if math.isinf(v):
        return "INF_" if v > 0 else "-INF_"
    return repr(v)


def kiln_error(e):
    return f"{type(e).__name__}: {e}"


def outcome(f):
    """(is_error, text) of calling f."""
    try:
        return False, f()
    except (ValueError, TypeError, OverflowError) as e:
        return True, kiln_error(e)


# ---- format() -----------------------------------------------------------------------------------

INT_VALUES = [0, 7, -7, 42, 255, -255, 1234567, -1234567890, 65, 2**63 - 1, -(2**63)]
INT_SPECS = ["", "d", "5", "<5", "^6", "=+8", "+", " ", "-", "05", "08,", ",", "_", "b", "#b", "_b",
             "o", "#o", "x", "#x", "X", "#X", "#_x", "#012x", "n", "e", ".2f", "%", "g", "*^12,",
             "0=10,", "010_", "c"]
INT_EXTRA = [(1234, "08,"), (1234, "0=10,"), (1234, "*=10,"), (123456789, "_x"), (255, "08b"),
             (-255, "#010b"), (5, "<05"), (5, "x<05"), (9, "é^5"), (233, "c"), (0x1F600, "c"),
             (65, "^5c"), (65, "05c"), (12345, "015,d"), (-12345, "015,d"), (1000000, "_"),
             (10**15, ","), (7, ".3e"), (7, "z.1f"), (2**53 + 1, "f")]

FLOAT_VALUES = [0.0, -0.0, 0.1, 2.5, -2.5, 3.14159, 1e16, 1e-5, 123456789.0, 1234567.891, 1e22,
                5e-324, 1.7976931348623157e308, INF, -INF, NAN, 0.000123456, 2 / 3, 99.995, 1e15]
FLOAT_SPECS = ["", "f", ".0f", ".2f", "e", ".3e", "E", "g", ".3g", "#g", "G", "n", "%", ".1%",
               ".3", "#", "+", "z", "12.4", "<12", "^14.3f", "015,.2f", ",", "_.1f"]
FLOAT_EXTRA = [
    (2.5, ".0f"), (3.5, ".0f"), (0.5, ".0f"), (1.5, ".0f"), (0.125, ".2f"), (0.375, ".2f"),
    (2.675, ".2f"), (1.0, ".20f"), (0.1, ".30f"), (0.1, ".25e"), (1e300, ".2f"), (1e-300, ".3g"),
    (0.1, ".17g"), (0.1, ".55g"), (1 / 3, ".50f"), (100.0, ".3"), (10.0, ".3"), (1.0, ".0"),
    (1.0, ".1"), (12.0, ".1"), (0.0001, ".0"), (123.456, "#.0"), (1e20, "#"), (1.5e20, "#"),
    (1.0, "#.0e"), (2.0, "#.0f"), (1.0, "#.1g"), (1.0, "#.1"), (1e16, "#"), (100000.0, "#.3g"),
    (1e-5, ".2"), (-0.0, "z"), (-0.0, "z.3"), (-1e-9, "z.2e"), (-1e-9, "z.2f"), (-1e-9, "z.2g"),
    (-0.0001, "z.2f"), (-NAN, ""), (NAN, "+"), (-NAN, "+.2f"), (INF, "010"), (INF, "010,"),
    (-INF, "=+10"), (INF, "E"), (INF, "%"), (NAN, "F"), (NAN, "G"), (1234567.891, "015,.2f"),
    (1234567.891, "0=15,.2f"), (1234567.891, "*=15,.2f"), (-1234567.891, "016,.2f"), (12345.678, ",%"),
    (1234.5, "_"), (1e16, ","), (1234.5, "08,"), (-1.5, "010.2f"), (-1.5, "<010.2f"), (1.5, "^+11.2e"),
    (1e-7, ""), (1e-4, ""), (9.999999999999999e15, ""), (1.25, ".1f"), (1.35, ".1f"), (1e100, "g"),
    (123456789.0, "n"), (0.0, "%"), (0.5, ".0%"), (1.0, ".0e"), (9.5, ".0e"), (9.96, ".1e"),
    (999999.5, "g"), (999999.4, "g"), (0.00001234, "g"), (0.0001234, "g"), (1e-5, "#g"), (5e-324, ".3e"),
    (123.0, ".2"), (123.0, ".3"), (123.0, ".4"), (0.1, "€^9"), (3.0, "x<+8.2f"),
]

STR_VALUES = ["", "abc", "héllo", "tschüß"]
STR_SPECS = ["", "s", "10", "<8", ">8", "^9", "*^9", ".2", "^7.1", "05", "é>6"]
STR_EXTRA = [("ab", "^5"), ("ab", "^6"), ("a", "^4"), ("€", "x^4.0s"), ("abc", "0>6"), ("abc", "=<7")]

FORMAT_ERRORS = [
    (1.5, "d"), (1, ".2s"), (1, "abc"), (1.0, "abc"), ("x", "abc"), ("x", "+s"), ("x", " "),
    ("x", ",s"), ("x", "_s"), (1, "."), (1.0, "."), (1, ".2d"), (1, ",c"), (1, "+c"), (1, "-c"),
    (1, "#c"), (1, "z"), (1, "zd"), (1, ",_"), (1, "_,"), (1, ",n"), (1, "_n"), (1, ",b"), (1, ",x"),
    ("x", "=5"), (1, "=5s"), ("x", "#s"), ("x", "z"), (1, "99999999999999999999"),
    (1, ".99999999999999999999"), (1.0, ".99999999999999999999f"), (1, "x5"), (1, "5x5"), (1.0, "c"),
    (1.0, "x"), ("s", "d"), ("s", "f"), (-1, "c"), (0x110000, "c"), (1, "5,,"), (1, ",é"), (1, "é"),
    (1.0, ",n"), (1.0, ".3d"), (1, "zb"), (1, "z.2"), ("x", "0=5"), (1.0, "_e,"),
]


def fmt_rows():
    int_rows, float_rows, str_rows = [], [], []
    for v in INT_VALUES:
        for s in INT_SPECS:
            int_rows.append((v, s))
    int_rows += INT_EXTRA
    for v in FLOAT_VALUES:
        for s in FLOAT_SPECS:
            float_rows.append((v, s))
    float_rows += FLOAT_EXTRA
    for v in STR_VALUES:
        for s in STR_SPECS:
            str_rows.append((v, s))
    str_rows += STR_EXTRA
    for v, s in FORMAT_ERRORS:
        {int: int_rows, float: float_rows, str: str_rows}[type(v)].append((v, s))
    return int_rows, float_rows, str_rows


def emit_format(lines):
    int_rows, float_rows, str_rows = fmt_rows()
    for name, rows, lit in (("kIntFormatCases", int_rows, cxx_int), ("kFloatFormatCases", float_rows, cxx_float),
                            ("kStrFormatCases", str_rows, cxx_str)):
        ctype = {"kIntFormatCases": "IntFormatCase", "kFloatFormatCases": "FloatFormatCase",
                 "kStrFormatCases": "StrFormatCase"}[name]
        lines.append(f"const {ctype} {name}[] = {{")
        for v, s in rows:
            err, text = outcome(lambda: format(v, s))
            lines.append(f"    {{{lit(v)}, {cxx_str(s)}, {cxx_str(text)}, {'true' if err else 'false'}}},")
        lines.append("};")
        lines.append("")
    return len(int_rows) + len(float_rows) + len(str_rows)


# ---- % formatting -------------------------------------------------------------------------------

PERCENT_CASES = [
    ("%d", (42,)), ("%i|%u", (-3, 3)), ("%5d|%-5d|%05d", (42, 42, -42)), ("%+d % d", (5, 5)),
    ("%x %X %o", (255, 255, 8)), ("%#x %#X %#o", (255, 255, 8)), ("%#10x|%#010x|%-#10x|", (255, 255, 255)),
    ("%+.3d|% .3d|%.3x|%#.5x", (5, -5, -5, -5)), ("%x|%#x|%05x|%#05x", (-255, -255, -255, -255)),
    ("%d", (1e20,)), ("%d|%.2d", (1.7, 1.5)), ("%d", (-2.9,)), ("%x", (True,)), ("%d %s %r", (True, True, False)),
    ("%ld %hf %Li", (5, 5, 6)), ("%f", (3.14159,)), ("%.2f|%10.3f|%-10.1f|", (2.675, -3.14159, 1.25)),
    ("%010.3f|%+f|% f", (-3.14159, -0.0, 1.0)), ("%.0f %.0f %.0f", (2.5, 3.5, 0.5)), ("%e|%.2E", (0, 12345.678)),
    ("%#.0e|%#.0f|%#g|%#.3g", (1.0, 1.0, 1.0, 100000.0)), ("%g|%g|%g|%G", (1e-5, 123456789.0, 0.0001, 1e100)),
    ("%.3g|%.10g|%.0g", (2 / 3, 2 / 3, 25.0)), ("%E %F %f %g", (INF, NAN, -INF, NAN)),
    ("%05f|%+05f|%-6f|", (INF, NAN, INF)), ("%f %e %g", (7, 7, 7)), ("%.30f", (0.1,)),
    ("%s|%5s|%-5s|%.2s|%5.1s|", ("abc", "abc", "abc", "abc", "abc")), ("%r %a", ("é", "é")),
    ("%a", ("a\u20acb\U0001f600",)), ("%s %r", (None, None)), ("%s|%r", ([1, "a"], (2.5,))),
    ("%s %s", (1.5, 1e16)), ("%r", (0.1,)), ("%c%c%c", (72, "i", 0x20AC)), ("%5c|%-5c|%05c|%.1c", (65, 65, 65, 66)),
    ("%*d|%-*d|%*d|", (5, 42, 5, 42, -5, 42)), ("%.*f|%*.*f", (2, 3.14159, 8, 3, 2.5)), ("%.*f", (-5, 2.0)),
    ("100%% %s%%", ("sure",)), ("%%%d%%", (7,)), ("%5s|%-5s|", ("é", "héllo")), ("%.3s", ("héllo",)),
    ("%0-5d|%-05d|", (3, 3)), ("%  d|%+ d|% +d", (3, 3, 3)), ("no conversions", ()), ("", ()),
    ("%s", ("",)), ("%d items at %.1f%%", (3, 99.5)), ("%x", (2**63 - 1,)), ("%d", (-(2**63),)),
    ("%#o|%#x", (0, 0)), ("%o", (-8,)), ("%s", (2 / 3,)), ("%c", ("\U0001f600",)), ("%10.4s|", ("héllo",)),
    ("é%sü", ("ß",)),
]

PERCENT_ERRORS = [
    ("%5%", ()), ("%5%", (1,)), ("%-5%|", ("abc",)), ("%", ()), ("%5", (1,)), ("%.", (1,)), ("%y", (1,)),
    ("%é", (1,)), ("ab%(x)s", (1,)), ("%d", ("x",)), ("%i", ("x",)), ("%u", (None,)), ("%x", ("x",)),
    ("%x", (1.5,)), ("%o", (None,)), ("%X", (1.0,)), ("%d", (INF,)), ("%d", (NAN,)), ("%f", ("x",)),
    ("%g", (None,)), ("%e", ([1],)), ("%c", (1.5,)), ("%c", ("ab",)), ("%c", ("",)), ("%c", (None,)),
    ("%c", (-1,)), ("%c", (0x110000,)), ("%*d", (1.5, 2)), ("%.*d", ("x", 2)), ("%*s", ("a", "b")),
    ("%d %d", (1,)), ("%d", (1, 2)), ("%s", ()), ("%y", ()), ("%s %y", (1,)), ("x", (1,)),
    ("abc %s def %", (1,)), ("%s%", (1,)), ("%-", (1,)), ("%*", (3,)), ("%l", (3,)),
]


def cxx_percent_arg(v):
    if isinstance(v, bool):
        return f"B({'true' if v else 'false'})"
    if isinstance(v, int):
        return f"I({cxx_int(v)})"
    if isinstance(v, float):
        return f"F({cxx_float(v)})"
    if isinstance(v, str):
        return f"S({cxx_str(v)})"
    return f"O({cxx_str(str(v))}, {cxx_str(repr(v))}, {cxx_str(type(v).__name__)})"


def emit_percent(lines):
    lines.append("const PercentCase kPercentCases[] = {")
    n = 0
    for f, args in PERCENT_CASES + PERCENT_ERRORS:
        err, text = outcome(lambda: f % args)
        arg_list = ", ".join(cxx_percent_arg(a) for a in args)
        lines.append(f"    {{{cxx_str(f)}, {{{arg_list}}}, {cxx_str(text)}, {'true' if err else 'false'}}},")
        n += 1
    lines.append("};")
    lines.append("")
    return n


# ---- str methods and conversions ----------------------------------------------------------------
# (kiln function, python callable or None for the str method of the same name, arguments)

N = None
STR_CASES = [
    ("split", ("a b  c",)), ("split", ("  a\tb\nc  ",)), ("split", ("",)), ("split", ("   ",)),
    ("split", ("a,b,,c", ",")), ("split", ("a,b,,c", ",", 1)), ("split", ("a,b,,c", ",", 0)),
    ("split", ("  a b  c  ", N, 1)), ("split", ("  a b  c  ", N, 0)), ("split", ("a<>b<>c", "<>", -1)),
    ("split", ("", ",")), ("split", ("a\u2003b\xa0c\x1cd",)), ("split", ("héllo wörld",)),
    ("split", ("a€b€c", "€")), ("rsplit", ("a b  c",)), ("rsplit", ("  a b  c  ", N, 1)),
    ("rsplit", ("a,b,,c", ",", 1)), ("rsplit", ("a,b,,c", ",", 2)), ("rsplit", ("aaa", "aa")),
    ("split", ("aaa", "aa")), ("rsplit", ("  ", N, 1)), ("rsplit", ("a€b€c", "€", 1)),
    ("splitlines", ("a\nb\r\nc\rd",)), ("splitlines", ("a\nb\r\nc\rd\n", True)), ("splitlines", ("",)),
    ("splitlines", ("\n\n",)), ("splitlines", ("a\x0bb\x0cc\x1cd\x85e\u2028f",)), ("splitlines", ("x\r", True)),
    ("strip", ("  hi  ",)), ("strip", ("\t\n hi \x0b\x0c\r",)), ("strip", ("xxhixx", "x")),
    ("strip", ("abcba", "ab")), ("strip", ("hi", "")), ("lstrip", ("  hi  ",)), ("rstrip", ("  hi  ",)),
    ("lstrip", ("www.example.com", "cmowz.")), ("rstrip", ("mississippi", "ipz")), ("strip", ("\xa0é\u3000",)),
    ("strip", ("€€x€", "€")), ("replace", ("aaaa", "a", "b")), ("replace", ("aaaa", "a", "b", 2)),
    ("replace", ("abc", "", "-")), ("replace", ("abc", "", "-", 2)), ("replace", ("", "", "x")),
    ("replace", ("abc", "x", "y")), ("replace", ("aaa", "aa", "b")), ("replace", ("héé", "é", "e")),
    ("replace", ("hé", "", "|")), ("replace", ("abc", "b", "", 0)), ("replace", ("abc", "", "-", 0)),
    ("find", ("hello", "l")), ("find", ("hello", "l", 3)), ("find", ("hello", "l", -2)),
    ("find", ("hello", "z")), ("find", ("hello", "")), ("find", ("hello", "", 5)), ("find", ("hello", "", 6)),
    ("find", ("hello", "lo", 0, 4)), ("find", ("hello", "h", -100, 100)), ("find", ("héllo", "l")),
    ("find", ("héllo", "l", 3)), ("find", ("héllo", "llo", N, -1)), ("rfind", ("hello", "l")),
    ("rfind", ("hello", "")), ("rfind", ("hello", "l", 0, 3)), ("rfind", ("héllo", "l")),
    ("rfind", ("abc", "", 1, 2)), ("find", ("abc", "", 2, 1)), ("index", ("hello", "e")),
    ("index", ("hello", "z")), ("rindex", ("hello", "l")), ("rindex", ("hello", "z", 1)),
    ("count", ("hello", "l")), ("count", ("hello", "")), ("count", ("aaaa", "aa")), ("count", ("hello", "", 2)),
    ("count", ("hello", "", 6)), ("count", ("hello", "l", -2)), ("count", ("héllo", "")), ("count", ("abc", "", 2, 1)),
    ("startswith", ("hello", "he")), ("startswith", ("hello", "lo", 3)), ("startswith", ("hello", "", 5)),
    ("startswith", ("hello", "", 6)), ("startswith", ("hello", "hello!")), ("startswith", ("héllo", "llo", 2)),
    ("endswith", ("hello", "lo")), ("endswith", ("hello", "ll", 0, 4)), ("endswith", ("hello", "", -1)),
    ("endswith", ("hello", "he", 0, -3)), ("endswith", ("héllo", "é", 0, 2)),
    ("upper", ("Hello, World 1",)), ("lower", ("Hello, World 1",)), ("swapcase", ("Hello World",)),
    ("title", ("hello world",)), ("title", ("they're bill's 1st",)),
    ("title", ("HELLO wORLD",)), ("title", ("café au lait",)), ("title", ("a_b-c d2e",)),
    ("capitalize", ("hELLO World",)), ("capitalize", ("",)), ("capitalize", ("1abc",)),
    ("isdigit", ("0123",)), ("isdigit", ("",)), ("isdigit", ("12a",)), ("isalpha", ("abcXYZ",)),
    ("isalpha", ("ab1",)), ("isalnum", ("ab12",)), ("isalnum", ("ab 12",)), ("isalnum", ("",)),
    ("isspace", (" \t\n\x0b\x0c\r\x1c\u2003",)), ("isspace", ("",)), ("isspace", (" a ",)),
    ("isupper", ("ABC 1",)), ("isupper", ("AbC",)), ("isupper", ("123",)), ("islower", ("abc 1",)),
    ("islower", ("aBc",)), ("islower", ("",)), ("isidentifier", ("_abc1",)), ("isidentifier", ("1abc",)),
    ("isidentifier", ("",)), ("isidentifier", ("a b",)), ("isidentifier", ("héllo",)),
    ("isidentifier", ("a-b",)), ("ljust", ("abc", 6)), ("ljust", ("abc", 2)), ("ljust", ("abc", 6, "*")),
    ("rjust", ("abc", 6)), ("rjust", ("abc", 6, "é")), ("center", ("abc", 6)), ("center", ("abc", 7, "*")),
    ("center", ("a", 4)), ("center", ("ab", 5)), ("center", ("ab", 4)), ("center", ("é", 4, "€")),
    ("center", ("abc", -1)), ("ljust", ("abc", 5, "ab")), ("rjust", ("abc", 5, "")), ("zfill", ("42", 5)),
    ("zfill", ("-42", 5)), ("zfill", ("+42", 5)), ("zfill", ("42", 1)), ("zfill", ("", 3)),
    ("zfill", ("-", 3)), ("zfill", ("é", 3)), ("partition", ("a=b=c", "=")), ("partition", ("abc", "=")),
    ("rpartition", ("a=b=c", "=")), ("rpartition", ("abc", "=")), ("partition", ("abc", "")),
    ("rpartition", ("abc", "")), ("partition", ("a€b", "€")), ("expandtabs", ("a\tbc\tdef\tg",)),
    ("expandtabs", ("a\tb", 4)), ("expandtabs", ("ab\n\tc\r\td", 4)), ("expandtabs", ("a\tb", 0)),
    ("expandtabs", ("é\tb", 4)), ("expandtabs", ("a\tb", -1)), ("split", ("abc", "")),
    ("rsplit", ("abc", "")),
]

INT_CASES = [
    ("12", 10), (" -12 ", 10), ("+7", 10), ("1_000", 10), ("0x1f", 16), ("0x1f", 0), ("0X_1F", 0),
    ("0o17", 0), ("0b101", 0), ("0b101", 2), ("0b1", 16), ("z", 36), ("Z", 36), ("777", 8), ("0", 0),
    ("00", 0), ("0_0", 0), ("9223372036854775807", 10), ("-9223372036854775808", 10), ("\u20035\u3000", 10),
    ("\t42\n", 10), ("ff", 16), ("-0x10", 16), ("0", 10), ("-0", 10), ("abc", 10), ("", 10), ("  ", 10),
    ("1.5", 10), ("0x", 16), ("0x1f", 10), ("010", 0), ("0_1", 0), ("_1", 10), ("1_", 10), ("1__2", 10),
    ("- 1", 10), ("+-1", 10), ("12", 1), ("12", 37), ("12", -1), ("8", 8), ("0b2", 0), ("\x1c5", 10),
    ("0x_", 16), ("é", 10), ("1" * 250, 10), ("x" * 250, 10), ("0b_1", 2), ("0b__1", 2),
]

FLOAT_CASES = [
    "1.5", " -2.25 ", "1e5", "1E5", ".5", "5.", "-.5e-3", "1_000.000_1", "1e1_0", "inf", "-Infinity",
    "+INF", "nan", "-NaN", "0", "-0", "-0.0", "1e400", "-1e400", "1e-400", "-1e-400", "4e-324",
    "2.2250738585072014e-308", "1.7976931348623157e308", "0.1", "123456789012345678901234567890",
    "\u2003 3.5\xa0", "abc", "", " ", "1e", "e5", ".", "1.2.3", "1_", "_1", "1__0", "1._5", "1_.5",
    "infinit", "nanx", "0x1p3", "1 2", "--1", "+", "1e+", "\x1c1.0", "1,5",
]

def kiln_int(s, base):
    v = int(s, base)
    if not -(2**63) <= v < 2**63:
        raise ValueError("int too large for Kiln (64-bit): " + repr(s)[:200])
    return v


def py_call(name, args):
    if name == "parse_int":
        return lambda: kiln_int(args[0], args[1])
    if name == "parse_float":
        return lambda: float(args[0])
    return lambda: getattr(str, name)(*args)


def cxx_arg(a):
    if a is None:
        return "std::nullopt"
    if isinstance(a, bool):
        return "true" if a else "false"
    if isinstance(a, int):
        return cxx_int(a)
    return cxx_str(a)


def cxx_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return cxx_int(v)
    if isinstance(v, str):
        return cxx_str(v)
    if isinstance(v, list):
        return "V{" + ", ".join(cxx_str(x) for x in v) + "}"
    if isinstance(v, tuple):
        return "A3{" + ", ".join(cxx_str(x) for x in v) + "}"
    raise TypeError(v)


def emit_calls(lines, cases, fn_for):
    n = 0
    for name, args in cases:
        call = f"text::{fn_for(name)}({', '.join(cxx_arg(a) for a in args)})"
        err, result = outcome(py_call(name, args))
        if err:
            lines.append(f"    CHECK(error_of([&] {{ return {call}; }}) == {cxx_str(result)});")
        elif name == "parse_float":
            lines.append(f"    CHECK(kiln::py_float_repr({call}) == {cxx_str(repr(result))});")
        else:
            lines.append(f"    CHECK({call} == {cxx_value(result)});")
        n += 1
    return n


def generate():
    lines = ["// BEGIN GENERATED by tests/vm/gen_text_cases.py (CPython 3.11) - do not edit by hand", ""]
    n_format = emit_format(lines)
    n_percent = emit_percent(lines)
    lines.append("void check_generated_str_methods() {")
    n_str = emit_calls(lines, STR_CASES, lambda name: name)
    lines.append("}")
    lines.append("")
    lines.append("void check_generated_conversions() {")
    n_conv = emit_calls(lines, [("parse_int", c) for c in INT_CASES], lambda name: name)
    n_conv += emit_calls(lines, [("parse_float", (c,)) for c in FLOAT_CASES], lambda name: name)
    lines.append("}")
    lines.append("")
    lines.append(f"// {n_format} format() cases, {n_percent} % cases, {n_str} str-method cases, "
                 f"{n_conv} int()/float() cases")
    lines.append("// END GENERATED")
    return "\n".join(wrap(line) for line in lines) + "\n"


def main():
    text = generate()
    if "--write" not in sys.argv:
        sys.stdout.write(text)
        return
    path = pathlib.Path(__file__).with_name("test_text.cpp")
    src = path.read_text(encoding="utf-8")
    begin = src.index("// BEGIN GENERATED")
    end = src.index("// END GENERATED")
    end = src.index("\n", end) + 1
    path.write_text(src[:begin] + text + src[end:], encoding="utf-8")
    print(f"rewrote the generated region of {path}")


if __name__ == "__main__":
    main()
