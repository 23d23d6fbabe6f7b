# badinput: __str__ returns bytes
# expect-exit: 1
# expect-stderr: TypeError: __str__ returned non-string (type bytes)
class A:
    def __str__(self):
        return b'x'
str(A())
