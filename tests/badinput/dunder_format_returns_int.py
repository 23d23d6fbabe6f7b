# badinput: dunder format returns int (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: __format__ must return a str, not int
class F:
    def __format__(self, spec): return 1
print(f'{F()}')
