# badinput: str encode bad codec (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: LookupError: unknown encoding: nope
"a".encode("nope")
