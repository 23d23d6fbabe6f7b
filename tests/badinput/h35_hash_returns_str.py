# badinput: Python misuse: hash returns str
# expect-exit: 1
# expect-stderr: TypeError: __hash__ method should return an integer
class C:
    def __hash__(self):
        return "x"
hash(C())
