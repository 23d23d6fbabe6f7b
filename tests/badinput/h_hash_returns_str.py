# badinput: hash returns str (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __hash__ method should return an integer
class K:
    def __hash__(self): return "x"
print({K(): 1})
