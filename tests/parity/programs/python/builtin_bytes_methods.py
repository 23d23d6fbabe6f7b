# bytes/bytearray str-like methods on ASCII (padding, strip family, partition, rsplit, splitlines, is*, case, expandtabs, translate), bytearray insert/remove/clear/reverse, int()/float() of bytes
b = b'  Hello World\t\x85 '
print(b.ljust(20, b'*'), b'ab'.rjust(5), b'ab'.center(7, b'-'), b'abc'.center(6), b'-42'.zfill(6), b'7'.zfill(3))
print(b.lstrip(), b.rstrip(), b'xxaxx'.lstrip(b'x'), b'xxaxx'.rstrip(b'x'))
print(b'a=b=c'.partition(b'='), b'a=b=c'.rpartition(b'='), b'abc'.partition(b'z'), b'abc'.rpartition(b'z'))
print(b'a b  c '.rsplit(), b'a,b,c'.rsplit(b',', 1), b'  a b c'.rsplit(None, 1), b'a,,b'.rsplit(b','))
print(b'l1\nl2\r\nl3\rl4'.splitlines(), b'l1\nl2\r\n'.splitlines(True), b''.splitlines(), b'x\x85y'.splitlines())
print(b'prefix_body'.removeprefix(b'prefix_'), b'body.txt'.removesuffix(b'.txt'), b'abc'.removeprefix(b'z'))
for t in [b'abc', b'ABC', b'Abc1', b'123', b' \t', b'', b'\xe9', b'Hello World', b'hello World']:
    print(t, t.isalnum(), t.isalpha(), t.isascii(), t.isdigit(), t.isspace(), t.islower(), t.isupper(), t.istitle())
print(b'hello wORLD 2x'.capitalize(), b'Hello wORLD'.swapcase(), b"they're bill's 3rd".title(), b'a\tb\tc'.expandtabs(4), b'ab\tc'.expandtabs())
tbl = bytes.maketrans(b'abc', b'xyz')
print(b'aabbcc'.translate(tbl), b'hello'.translate(None, b'l'), len(tbl))
ba = bytearray(b'abc'); ba.insert(1, 88); ba.remove(99); ba.reverse(); print(ba, ba.ljust(5, b'.')); ba.clear(); print(ba)
print(int(b"12"), int(b" -7 "), float(b"1.5"), int(bytearray(b"3")))
