# badinput: str(object, encoding) decodes bytes-like objects only (it was refused as too many arguments)
# expect-exit: 1
# expect-stdout: abc 'a\ufffdb' x hi | 5 ''
# expect-stderr: TypeError: decoding to str: need a bytes-like object, int found
print(str(b"abc", "utf-8"), ascii(str(b"a\xffb", "utf-8", "replace")), str(b"x", encoding="ascii"),
      str(bytearray(b"hi"), "ascii"), "|", str(object=5), repr(str(encoding="utf-8")))
print(str(1, "utf-8"))
