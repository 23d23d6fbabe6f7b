# badinput: dunder contains returns obj (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True False
class C:
    def __contains__(self, x): return [1]
print(1 in C(), 1 not in C())
