# badinput: tb exception repr recursion in args (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: E: <exception str() failed>
class E(Exception):
    def __str__(self):
        return str(self)
raise E()
