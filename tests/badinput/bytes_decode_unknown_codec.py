# badinput: bytes decode unknown codec (issue 31 sweep)
# expect-exit: 1
# expect-stderr: LookupError: unknown encoding: nope-codec
print(b'ab'.decode('nope-codec'))
