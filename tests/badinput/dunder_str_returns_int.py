# badinput: __str__ returns an int
# expect-exit: 1
# expect-stderr: TypeError: __str__ returned non-string (type int)
class S:
    def __str__(self):
        return 5
print(S())
