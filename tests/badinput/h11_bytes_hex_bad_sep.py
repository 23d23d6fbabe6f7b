# badinput: bytes.hex(sep, bytes_per_sep) with a mutated separator (None, an int, two characters, non-ASCII, a list) or a non-int group size: CPython's errors, where Kiln ignored them and printed the plain hex (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: TypeError|TypeError|ValueError|61:62:63:64|ValueError|TypeError|OverflowError|TypeError|61626364
out = []
for sep, per in [(None, 1), (5, 1), ("ab", 1), (b":", 1), ("\u00e9", 1), (":", "x"), (":", 2**40), ([1], 1), (":", 0)]:
    try:
        out.append(b"abcd".hex(sep, per))
    except (TypeError, ValueError, OverflowError) as e:
        out.append(type(e).__name__)
print("|".join(out))
