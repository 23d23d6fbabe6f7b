# bytes and bytearray: literals, indexing, slicing, repr, encode/decode, hex, join.
b = b"hello"
print(b, len(b), b[0], b[-1], b[1:3], b[::-1], b[10:])
print(type(b).__name__, type(b[0]).__name__, type(b[0:1]).__name__)
print(b"a\x00\xff\n\t'", b'say "hi"', b"it's", b"both ' and \"", b"\\")
print(b"" == b"", b"ab" == b"ab", b"ab" == "ab", b"ab" != b"ac", b"ab" < b"b", b"abc" > b"ab")
print(b + b" world", b * 2, 3 * b"ab", b"x" in b"xyz", 120 in b"xyz", b"q" in b"xyz")
print(list(b"abc"), [x + 1 for x in b"AB"], sum(b"\x01\x02\x03"))
print(bytes(3), bytes([65, 66, 67]), bytes(range(5)), bytes(), bytes(b"copy"), bytes((104, 105)))
print("héllo".encode(), "héllo".encode("utf-8"), "abc".encode("ascii"), "é".encode("latin-1"))
print(b"h\xc3\xa9llo".decode(), b"abc".decode("ascii"), b"\xe9".decode("latin-1"), bytes("hi", "utf-8"))
print(b"\xde\xad\xbe\xef".hex(), b"abc".hex("-"), b"abcdef".hex(":", 2), bytes.fromhex("de ad be ef"))
print(b", ".join([b"a", b"b", b"c"]), b"".join([]), b"-".join((b"x", bytearray(b"y"))))
print(b"abcabc".count(b"b"), b"abcabc".find(b"c"), b"abc".find(b"z"), b"abc".index(b"c"), b"abc".find(99))
print(b"a,b,c".split(b","), b" a  b ".split(), b"  pad  ".strip(), b"xxaxx".strip(b"x"))
print(b"Hello".upper(), b"Hello".lower(), b"aaa".replace(b"a", b"bb"), b"abc".startswith(b"ab"), b"abc".endswith((b"x", b"c")))
d = {b"key": 1}
print(d[b"key"], b"key" in d, len({b"a", b"a", b"b"}))
ba = bytearray(b"abc")
ba.append(100)
ba.extend([101, 102])
ba.extend(b"gh")
ba[0] = 65
print(ba, len(ba), ba[0], ba[1:3], ba == b"Abcdefgh", bytes(ba))
print(ba.pop(), ba.pop(0), ba)
ba[1:3] = b"XYZ"
print(ba, bytearray(2), bytearray([1, 2]), bytearray("hé", "utf-8"), bytearray())
print(str(b"x"), repr(b"x"), f"{b'ab'}", "%s" % b"q", "%r" % (b"r",))
print(b"\x7f\x80", b"\r", b"abc"[1], bytes([0x41]).decode())
for bad in [lambda: b"abc"[5], lambda: bytes([256]), lambda: bytes([-1]), lambda: bytes("x"),
            lambda: b"\xff".decode(), lambda: b"a\xc3".decode(), lambda: "é".encode("ascii"),
            lambda: b"x" + "y", lambda: hash(bytearray(b"x")), lambda: b"abc".decode("nope"),
            lambda: bytes(-1), lambda: bytes(1.5), lambda: b"ab"["x"], lambda: b"".join([1]),
            lambda: bytearray().pop(), lambda: b"abc".index(b"z")]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__ + ":", e)
