# badinput: str replace blowup (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
s = ("a" * 10000).replace("a", "b" * 1000000)
