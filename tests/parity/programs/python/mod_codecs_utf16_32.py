# codecs utf-16 / utf-16-le / utf-16-be / utf-32 (-le, -be): str.encode, bytes.decode and the codecs
# module's functions, BOMs, surrogate pairs, errors
import codecs

s = "Aé€😀z"
for enc in ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "utf_16", "UTF16", "utf-16le",
            "utf_32_be", "U16", "utf32"]:
    b = s.encode(enc)
    print(enc, b, b.decode(enc) == s, len(b))
print("".encode("utf-16"), "".encode("utf-32"), b"".decode("utf-16"))
print(b"\xfe\xff\x00A\x00B".decode("utf-16"), b"\xff\xfeA\x00B\x00".decode("utf-16"), b"A\x00".decode("utf-16"))
print(b"\x00\x00\xfe\xff\x00\x00\x00A".decode("utf-32"), b"\xff\xfe\x00\x00A\x00\x00\x00".decode("utf-32"))
print(b"\xff\xfeA\x00".decode("utf-16-le"))
print(codecs.encode("hi", "utf-16-be"), codecs.decode(b"\x00h\x00i", "utf-16-be"))
print(codecs.BOM_UTF16_LE, codecs.BOM_UTF32_BE)
for bad, enc in [(b"A\x00B", "utf-16-le"), (b"\x00\xd8A\x00", "utf-16-le"), (b"\x00\xdc\x00\x00", "utf-16-le"),
                 (b"A\x00\x00", "utf-32-le"), (b"\x00\x00\x11\x00", "utf-32-le"), (b"\x00\xd8\x00\x00", "utf-32-le")]:
    try:
        print(bad.decode(enc))
    except UnicodeDecodeError as e:
        print(type(e).__name__, e)
    print(repr(bad.decode(enc, "replace")), repr(bad.decode(enc, "ignore")))
try:
    "a\ud800b".encode("utf-16")
except UnicodeEncodeError as e:
    print(type(e).__name__, e)
print("a\ud800b".encode("utf-16-le", "replace"), "a\ud800b".encode("utf-32-be", "ignore"))
print(codecs.lookup("utf-16").name, codecs.lookup("UTF-32-LE").name, codecs.lookup("utf_16_be").name)
