# badinput: property no setter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: property 'p' of 'A' object has no setter
class A:
    @property
    def p(self):
        return 1
A().p = 2
