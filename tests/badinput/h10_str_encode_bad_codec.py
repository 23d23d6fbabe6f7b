# badinput: str encode bad codec
# expect-exit: 1
# expect-stderr: LookupError: unknown encoding: nope
"a".encode("nope")
