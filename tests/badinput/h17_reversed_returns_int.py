# badinput: __reversed__ returning an int: reversed() passes it through, iterating it fails
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
# expect-stdout: 5
class R:
    def __reversed__(self):
        return 5
r = reversed(R())
print(r)
for x in r:
    pass
