# badinput: bytearray resize during iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: grew
b = bytearray(b'abc')
for x in b:
    b.extend(b'x')
    if len(b) > 10 ** 5:
        raise OverflowError('grew')
