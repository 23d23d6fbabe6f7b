# badinput: str join huge (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
s = "x" * (2**29)
t = s.join(["a"] * 8)
