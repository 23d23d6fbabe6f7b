# The codec error handlers text-cleaning code passes to encode() and decode(): backslashreplace and
# xmlcharrefreplace when encoding to ASCII or Latin-1, backslashreplace and surrogateescape when
# decoding bytes that are not valid UTF-8 or ASCII (and the round trip back through surrogateescape).
text = "naïve café € 😀 ok"
for codec in ("ascii", "latin-1"):
    for errors in ("ignore", "replace", "backslashreplace", "xmlcharrefreplace"):
        print(codec, errors, text.encode(codec, errors))
raw = b"ok \xff\xfe caf\xc3\xa9 \xe2\x82 end \xc3"
for errors in ("replace", "ignore", "backslashreplace", "surrogateescape"):
    s = raw.decode("utf-8", errors)
    print(errors, repr(s), len(s))
s = raw.decode("utf-8", "surrogateescape")
print(s.encode("utf-8", "surrogateescape") == raw)
print(repr(b"\x80abc\xff".decode("ascii", "backslashreplace")), repr(b"\x80a".decode("ascii", "surrogateescape")))
print(str(b"caf\xe9", "utf-8", "backslashreplace"), bytes("é€", "ascii", "xmlcharrefreplace"))
try:
    "é".encode("ascii", "nosuchhandler")
except LookupError as e:
    print(type(e).__name__, e)
