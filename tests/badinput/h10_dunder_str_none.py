# badinput: dunder str none
# expect-exit: 1
# expect-stderr: TypeError: __str__ returned non-string (type NoneType)
class A:
    def __str__(self):
        return None
str(A())
