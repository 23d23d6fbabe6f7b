# badinput: set hash raises (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: no hash for you
class K:
    def __hash__(self): raise RuntimeError("no hash for you")
print(K() in {1, 2})
