# open() with non-UTF-8 text encodings: utf-16 / utf-32 (BOM written once at the start, read by the
# BOM), their -le/-be forms (no BOM), latin-1, utf-8-sig; appending skips the BOM; errors= handlers;
# unknown encodings and unencodable characters.
import os

name = "tmp_file_io_encodings.txt"
text = "héllo wörld\nline 2: €, 😀\n"
for enc in ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-8-sig", "UTF_16"]:
    with open(name, "w", encoding=enc) as f:
        print(enc, f.encoding, f.write(text), f.write("end"))
    with open(name, "rb") as f:
        raw = f.read()
    print(len(raw), raw[:6].hex())
    with open(name, encoding=enc) as f:
        print(repr(f.read()))
    with open(name, encoding=enc) as f:
        print(f.readlines())
    with open(name, encoding=enc) as f:
        print(repr(f.readline()), repr(f.read(4)))

# appending to a utf-16 file: no second BOM
with open(name, "w", encoding="utf-16") as f:
    f.write("ab")
with open(name, "a", encoding="utf-16") as f:
    f.write("cd")
with open(name, "rb") as f:
    print(f.read().hex())
with open(name, encoding="utf-16") as f:
    print(repr(f.read()))
# an empty utf-16 file has no BOM
with open(name, "w", encoding="utf-16") as f:
    pass
print(os.path.getsize(name))

# latin-1: one byte per character, characters above U+00FF refused
with open(name, "w", encoding="latin-1") as f:
    f.write("café ÿ\n")
with open(name, "rb") as f:
    print(f.read().hex())
with open(name, encoding="latin-1") as f:
    print(repr(f.read()))
with open(name, encoding="iso-8859-1") as f:
    print(f.encoding, repr(f.read()))
try:
    with open(name, "w", encoding="latin-1") as f:
        f.write("price: 5€")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
with open(name, "w", encoding="latin-1", errors="replace") as f:
    f.write("price: 5€")
with open(name, encoding="latin-1") as f:
    print(repr(f.read()))
with open(name, "w", encoding="ascii", errors="xmlcharrefreplace") as f:
    f.write("é€")
with open(name) as f:
    print(repr(f.read()))

# utf-8 text read back as utf-16: invalid data (odd byte count)
with open(name, "wb") as f:
    f.write(b"abc")
try:
    with open(name, encoding="utf-16") as f:
        f.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
with open(name, encoding="utf-16-le", errors="replace") as f:
    print(repr(f.read()))
# a utf-8-sig file read as utf-8 keeps the BOM character
with open(name, "w", encoding="utf-8-sig") as f:
    f.write("x")
with open(name, encoding="utf-8") as f:
    print(repr(f.read()))
with open(name, encoding="utf-8-sig") as f:
    print(repr(f.read()))
try:
    open(name, encoding="no-such-codec")
except LookupError as e:
    print("LookupError", e)
os.remove(name)
