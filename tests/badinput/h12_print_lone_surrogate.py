# badinput: printing a str holding a lone surrogate ('\ud800'): Kiln wrote its 3-byte WTF-8 form to stdout and exited 0; CPython's sys.stdout (UTF-8, surrogateescape in the C locale's UTF-8 mode) raises UnicodeEncodeError for any surrogate but U+DC80..U+DCFF, at its position in the piece being written, after the earlier pieces (h12 language sweep; matches python3.12 here)
# expect-exit: 1
# expect-stdout: a | 'utf-8' codec can't encode character '\ud800' in position 1: surrogates not allowed
# expect-stderr: UnicodeEncodeError: 'utf-8' codec can't encode character '\udfff' in position 1: surrogates not allowed
import sys
print("ok", "\u00e9")
try:
    print("a", "b\ud800c")
except UnicodeEncodeError as e:
    print("|", e)
sys.stdout.write("x\udc80\n")
print(repr("\ud800"), ascii("\ud800"), len("\ud800"), "\udcff".encode("utf-8", "surrogateescape"))
print("z\udfff")
