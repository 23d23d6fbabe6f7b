# badinput: Python misuse: codec unknown
# expect-exit: 1
# expect-stderr: LookupError: unknown encoding: nonexistent-codec
"a".encode("nonexistent-codec")
