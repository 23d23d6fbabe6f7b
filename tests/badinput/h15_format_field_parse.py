# badinput: str.format field parsing as CPython 3.12's parse_field: a [key] may hold '}', ':' or '!' (Kiln cut the field at the first '}' and said "Missing ']'"), a field left open is "expected '}' before end of string", an open spec "unmatched '{' in format spec"
# expect-exit: 0
# expect-stdout: ValueError: expected '}' before end of string | ValueError: expected '}' before end of string | ValueError: expected '}' before end of string | ValueError: expected '}' before end of string | TypeError: list indices must be integers or slices, not str | IndexError: list index out of range | KeyError: '0]' | TypeError: list indices must be integers or slices, not str | ValueError: Empty attribute in format string | ValueError: Empty attribute in format string | ValueError: expected '}' before end of string | ValueError: unmatched '{' in format spec | ValueError: unmatched '{' in format spec | ValueError: unmatched '{' in format spec | ValueError: expected ':' after conversion specifier | ValueError: end of string while looking for conversion specifier | ValueError: unmatched '{' in format spec | TypeError: unsupported format string passed to list.__format__ | TypeError: unsupported format string passed to list.__format__ | ValueError: Single '{' encountered in format string | ValueError: Single '}' encountered in format string | ValueError: Single '{' encountered in format string | TypeError: unsupported format string passed to list.__format__ | '[[1, 2]]' | ValueError: unmatched '{' in format spec | '[[1, 2]]' | '[[1, 2]]' | '[[1, 2]]' | ValueError: Unknown conversion specifier z | TypeError: unsupported format string passed to list.__format__ | ValueError: Max string recursion exceeded | ValueError: Max string recursion exceeded | '{0}' | ValueError: Single '}' encountered in format string | TypeError: list indices must be integers or slices, not str | ValueError: Single '}' encountered in format string | brace-keycolon-keybang
cases = ["{0[}", "{0[1}", "{0[1]", "{[}", "{0[}]}", "{0[1]x}", "{0]}", "{0[a}b]}", "{0.}", "{0[]}", "{0.[}",
         "{0!}", "{0!r", "{0!r:", "{0!rx}", "{0!", "{0:{}", "{0:{1}}", "{0:{{}}}", "{", "}", "a{", "{0:>{1}}x", "{0!r:>{1}}",
         "{0:", "{:}", "{!r}", "{0!s}", "{0!z}", "{0[0]:{1}}", "{0:{1:{2}}}", "{0:{1:{2:{3}}}}", "{{0}}", "{0}}", "{0[{]}", "{0:}}"]
out = []
for s in cases:
    try:
        out.append(repr(s.format([[1, 2]], 5, 3, 1, a=1)))
    except Exception as e:
        out.append(type(e).__name__ + ": " + str(e))
out.append("{0[}]}".format({"}": "brace-key"}) + "{0[a:b]}".format({"a:b": "colon-key"}) + "{0[!]}".format({"!": "bang"}))
print(" | ".join(out))
