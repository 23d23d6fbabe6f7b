# badinput: str returns none (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __str__ returned non-string (type NoneType)
class A:
    def __str__(self): return None
print(A())
