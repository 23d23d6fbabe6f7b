import locale
print(locale.setlocale(locale.LC_ALL, "C"), locale.setlocale(locale.LC_NUMERIC), locale.setlocale(locale.LC_ALL, "POSIX"))
print(locale.getlocale(locale.LC_NUMERIC), locale.getlocale(locale.LC_TIME))
try:
    locale.getlocale(locale.LC_ALL)
except TypeError as e:
    print("TypeError", e)
conv = locale.localeconv()
print(sorted(conv.items()))
print(locale.format_string("%d|%.2f|%s", (1234567, 1234.5, "x"), grouping=True))
print(locale.format_string("%10.3f", 3.14159), locale.format_string("%(a)d", {"a": 3}))
print(repr(locale.str(1.25)), repr(locale.str(2.0 / 3)), locale.atof("1.5e3"), locale.atoi("42"))
print(locale.delocalize("1,234.5"), locale.localize("1234.5", grouping=True))
try:
    locale.currency(1.5)
except ValueError as e:
    print("ValueError", e)
for name in ("xx_YY", "no_SUCH.locale"):
    try:
        locale.setlocale(locale.LC_ALL, name)
    except locale.Error as e:
        print(type(e).__name__, e, isinstance(e, Exception))
print(locale.LC_CTYPE, locale.LC_COLLATE, locale.LC_TIME, locale.LC_MONETARY, locale.LC_NUMERIC,
      locale.LC_ALL, locale.LC_MESSAGES, locale.CHAR_MAX)
print(locale.strcoll("a", "b"), locale.strcoll("b", "a"), locale.strcoll("a", "a"), locale.strxfrm("abc"))
print(sorted(["b", "A", "a", "B"], key=locale.strxfrm))
for key in (locale.RADIXCHAR, locale.THOUSEP, locale.D_T_FMT, locale.D_FMT, locale.T_FMT,
            locale.DAY_1, locale.ABMON_12, locale.YESEXPR, locale.AM_STR):
    print(key, repr(locale.nl_langinfo(key)))
for n in ("en_US", "en_US.utf8", "de_DE", "C", "ja_JP", "fr_FR@euro", "xx"):
    print(n, locale.normalize(n))
print(locale.setlocale(locale.LC_ALL, ("C", None)))
print("getlocale" in locale.__all__, "format" in locale.__all__)
