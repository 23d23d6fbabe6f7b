# html: escape() and unescape() as CPython's module has them. unescape() follows the HTML5 rules for
# character references: numeric ones (&#233; &#xe9;, the ';' optional) with the spec's replacements
# for invalid code points (C1 controls read as Windows-1252, surrogates and values past U+10FFFF as
# U+FFFD, noncharacters and most controls dropped), named ones from html.entities.html5, and for an
# unknown name the longest known prefix (legacy names such as '&ampx' -> '&x'). html.parser
# (HTMLParser) is its own module.
import re as _re
from html.entities import html5 as _html5

__all__ = ['escape', 'unescape']


def escape(s, quote=True):
    s = s.replace("&", "&amp;")
    s = s.replace("<", "&lt;")
    s = s.replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;")
        s = s.replace('\'', "&#x27;")
    return s


# numeric references the HTML5 spec maps to other characters: 0x00, 0x0d and the C1 range read as
# Windows-1252 (undefined bytes keep their code point)
_invalid_charrefs = {0x00: '\ufffd', 0x0d: '\r'}
_cp1252_c1 = ('\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f'
              '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178')
for _i, _c in enumerate(_cp1252_c1):
    _invalid_charrefs[0x80 + _i] = _c
del _i, _c

# code points a numeric reference may not produce (dropped): controls other than whitespace, DEL and
# C1 controls, and the noncharacters
_invalid_codepoints = set(range(0x1, 0x9)) | {0xb} | set(range(0xe, 0x20)) | set(range(0x7f, 0xa0)) | \
    set(range(0xfdd0, 0xfdf0)) | {plane * 0x10000 + low for plane in range(17) for low in (0xfffe, 0xffff)}


def _replace_charref(m):
    s = m.group(1)
    if s[0] == '#':
        if s[1] in 'xX':
            num = int(s[2:].rstrip(';'), 16)
        else:
            num = int(s[1:].rstrip(';'))
        if num in _invalid_charrefs:
            return _invalid_charrefs[num]
        if 0xD800 <= num <= 0xDFFF or num > 0x10FFFF:
            return '\ufffd'
        if num in _invalid_codepoints:
            return ''
        return chr(num)
    if s in _html5:
        return _html5[s]
    # the longest name that is a known reference, the rest kept as text
    for x in range(len(s) - 1, 1, -1):
        if s[:x] in _html5:
            return _html5[s[:x]] + s[x:]
    return '&' + s


_charref = _re.compile(r'&(#[0-9]+;?'
                       r'|#[xX][0-9a-fA-F]+;?'
                       r'|[^\t\n\f <&#;]{1,32};?)')


def unescape(s):
    if '&' not in s:
        return s
    return _charref.sub(_replace_charref, s)
