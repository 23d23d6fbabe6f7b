# badinput: __str__ calling str(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __str__(self): return str(self)
print(A())
