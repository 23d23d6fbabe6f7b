# badinput: Python misuse: str returns int
# expect-exit: 1
# expect-stderr: TypeError: __str__ returned non-string (type int)
class C:
    def __str__(self):
        return 1
str(C())
