# badinput: fmt bad fill dunder (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: unsupported format string passed to object.__format__
# expect-stdout: >>10
class A:
    def __format__(self, s):
        return s
print(format(A(), '>>10'))
format(object(), 'x')
