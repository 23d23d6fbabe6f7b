# badinput: str join huge (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
s = "x" * (2**29)
t = s.join(["a"] * 8)
