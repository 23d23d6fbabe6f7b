# locale: CPython 3.12's locale module for the one locale Kiln has, "C" (also spelled "POSIX"; ""
# selects it too, since Kiln reads no locale from the environment). setlocale/getlocale/localeconv/
# nl_langinfo report the C locale's values (glibc's), format_string/str/atof/atoi/delocalize/localize
# apply its empty grouping and "." decimal point, currency() raises CPython's C-locale error, and
# strcoll/strxfrm compare code points as the C locale collates. Setting any other locale raises
# locale.Error("unsupported locale setting"), which is what CPython does on a host lacking it.
# normalize() knows a small table of the common aliases (CPython's has hundreds): unknown names come
# back unchanged, as CPython returns names it does not know. Text is UTF-8 throughout, so
# getpreferredencoding()/getencoding() say "UTF-8" (CPython's UTF-8 mode).

import re as _re

__all__ = ["getlocale", "getdefaultlocale", "getpreferredencoding", "Error", "setlocale",
           "localeconv", "strcoll", "strxfrm", "str", "atof", "atoi", "format_string",
           "currency", "normalize", "LC_CTYPE", "LC_COLLATE", "LC_TIME", "LC_MONETARY",
           "LC_NUMERIC", "LC_ALL", "CHAR_MAX", "getencoding", "LC_MESSAGES"]

_builtin_str = str


class Error(Exception):
    pass


Error.__module__ = "locale"

LC_CTYPE = 0
LC_NUMERIC = 1
LC_TIME = 2
LC_COLLATE = 3
LC_MONETARY = 4
LC_MESSAGES = 5
LC_ALL = 6
CHAR_MAX = 127

_CATEGORIES = (LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE, LC_MONETARY, LC_MESSAGES, LC_ALL)
_current = {c: "C" for c in _CATEGORIES}

# nl_langinfo keys (glibc's numbering) and the C locale's answers
CODESET = 14
RADIXCHAR = 65536
THOUSEP = 65537
ABDAY_1, ABDAY_2, ABDAY_3, ABDAY_4, ABDAY_5, ABDAY_6, ABDAY_7 = range(131072, 131079)
DAY_1, DAY_2, DAY_3, DAY_4, DAY_5, DAY_6, DAY_7 = range(131079, 131086)
(ABMON_1, ABMON_2, ABMON_3, ABMON_4, ABMON_5, ABMON_6, ABMON_7, ABMON_8, ABMON_9, ABMON_10,
 ABMON_11, ABMON_12) = range(131086, 131098)
(MON_1, MON_2, MON_3, MON_4, MON_5, MON_6, MON_7, MON_8, MON_9, MON_10, MON_11,
 MON_12) = range(131098, 131110)
AM_STR = 131110
PM_STR = 131111
D_T_FMT = 131112
D_FMT = 131113
T_FMT = 131114
T_FMT_AMPM = 131115
ERA = 131116
ERA_D_FMT = 131118
ALT_DIGITS = 131119
ERA_D_T_FMT = 131120
ERA_T_FMT = 131121
CRNCYSTR = 262159
YESEXPR = 327680
NOEXPR = 327681

_DAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_LANGINFO = {CODESET: "ANSI_X3.4-1968", RADIXCHAR: ".", THOUSEP: "", AM_STR: "AM", PM_STR: "PM",
             D_T_FMT: "%a %b %e %H:%M:%S %Y", D_FMT: "%m/%d/%y", T_FMT: "%H:%M:%S",
             T_FMT_AMPM: "%I:%M:%S %p", ERA: "", ERA_D_FMT: "", ALT_DIGITS: "", ERA_D_T_FMT: "",
             ERA_T_FMT: "", CRNCYSTR: "-", YESEXPR: "^[yY]", NOEXPR: "^[nN]"}
for _i in range(7):
    _LANGINFO[DAY_1 + _i] = _DAYS[_i]
    _LANGINFO[ABDAY_1 + _i] = _DAYS[_i][:3]
for _i in range(12):
    _LANGINFO[MON_1 + _i] = _MONTHS[_i]
    _LANGINFO[ABMON_1 + _i] = _MONTHS[_i][:3]
del _i


def nl_langinfo(key, /):
    if not isinstance(key, int):
        raise TypeError(f"'{type(key).__name__}' object cannot be interpreted as an integer")
    if key not in _LANGINFO:
        raise ValueError("unsupported langinfo constant")
    return _LANGINFO[key]


def setlocale(category, locale=None):
    if category not in _CATEGORIES:
        if locale is None:
            raise Error("locale query failed")
        raise Error("unsupported locale setting")
    if locale is None:
        return _current[category]
    if not isinstance(locale, _builtin_str):
        # CPython turns a (language, encoding) pair into a name first
        locale = _build_localename(locale)
    if locale not in ("", "C", "POSIX"):
        raise Error("unsupported locale setting")
    if category == LC_ALL:
        for c in _CATEGORIES:
            _current[c] = "C"
    else:
        _current[category] = "C"
    return "C"


def _build_localename(localetuple):
    try:
        language, encoding = localetuple
    except (TypeError, ValueError):
        raise TypeError("Locale must be None, a string, or an iterable of two strings -- "
                        "language code, encoding.") from None
    if language is None:
        language = "C"
    if encoding is None:
        return language
    return language + "." + encoding


def getlocale(category=LC_CTYPE):
    setlocale(category)    # LC_ALL is refused only when categories differ (never here)
    return (None, None)    # CPython's answer for the C locale


def getdefaultlocale(envvars=("LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE")):
    import warnings
    warnings.warn("Use setlocale(), getencoding() and getlocale() instead",
                  DeprecationWarning, stacklevel=2)
    return (None, "UTF-8")


def getpreferredencoding(do_setlocale=True):
    return "UTF-8"


def getencoding():
    return "UTF-8"


def localeconv():
    return {"int_curr_symbol": "", "currency_symbol": "", "mon_decimal_point": "",
            "mon_thousands_sep": "", "mon_grouping": [], "positive_sign": "", "negative_sign": "",
            "int_frac_digits": 127, "frac_digits": 127, "p_cs_precedes": 127,
            "p_sep_by_space": 127, "n_cs_precedes": 127, "n_sep_by_space": 127,
            "p_sign_posn": 127, "n_sign_posn": 127, "decimal_point": ".", "thousands_sep": "",
            "grouping": []}


def strcoll(os1, os2, /):
    for s in (os1, os2):
        if not isinstance(s, _builtin_str):
            raise TypeError(f"strcoll() argument must be str, not {type(s).__name__}")
    return (os1 > os2) - (os1 < os2)


def strxfrm(string, /):
    if not isinstance(string, _builtin_str):
        raise TypeError(f"strxfrm() argument must be str, not {type(string).__name__}")
    return string


_percent_re = _re.compile(r'%(?:\((?P<key>.*?)\))?(?P<modifiers>[-#0-9 +*.hlL]*?)[eEfFgGdiouxXcrs%]')


def format_string(f, val, grouping=False, monetary=False):
    # The C locale has no grouping and "." as its decimal point, so every conversion is Python's %.
    return f % val


def currency(val, symbol=True, grouping=False, international=False):
    raise ValueError("Currency formatting is not possible using the 'C' locale.")


def str(val):
    return format_string("%.12g", val)


def delocalize(string):
    return string


def localize(string, grouping=False, monetary=False):
    return string


def atof(string, func=float):
    return func(delocalize(string))


def atoi(string):
    return int(delocalize(string))


_ALIASES = {"c": "C", "posix": "C", "en": "en_US.ISO8859-1", "en_us": "en_US.ISO8859-1",
            "en_gb": "en_GB.ISO8859-1", "de": "de_DE.ISO8859-1", "de_de": "de_DE.ISO8859-1",
            "fr": "fr_FR.ISO8859-1", "fr_fr": "fr_FR.ISO8859-1", "es": "es_ES.ISO8859-1",
            "es_es": "es_ES.ISO8859-1", "it": "it_IT.ISO8859-1", "it_it": "it_IT.ISO8859-1",
            "ja_jp": "ja_JP.eucJP", "ja": "ja_JP.eucJP", "zh_cn": "zh_CN.gb2312",
            "zh_tw": "zh_TW.big5", "ko_kr": "ko_KR.eucKR", "ru_ru": "ru_RU.ISO8859-5",
            "pt_br": "pt_BR.ISO8859-1", "nl_nl": "nl_NL.ISO8859-1"}
_ENCODINGS = {"utf8": "UTF-8", "utf_8": "UTF-8", "iso88591": "ISO8859-1", "latin1": "ISO8859-1",
              "iso885915": "ISO8859-15", "euc_jp": "eucJP", "eucjp": "eucJP"}


def normalize(localename):
    code = localename.lower()
    if ":" in code:
        code = code.replace(":", ".")
    modifier = ""
    if "@" in code:
        code, modifier = code.split("@", 1)
    if "." in code:
        langname, encoding = code.split(".", 1)
    else:
        langname, encoding = code, ""
    if modifier == "euro" and not encoding and langname in _ALIASES:
        lang = _ALIASES[langname].split(".")[0]
        return lang + ".ISO8859-15"
    if not encoding:
        return _ALIASES.get(langname, localename)
    enc = _ENCODINGS.get(encoding.replace("-", ""), None)
    if enc is None:
        return localename
    lang = _ALIASES.get(langname)
    if lang is None:
        return localename
    result = lang.split(".")[0] + "." + enc
    if modifier:
        result += "@" + modifier
    return result
