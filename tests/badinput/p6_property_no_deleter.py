# badinput: property no deleter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: property 'p' of 'A' object has no deleter
class A:
    @property
    def p(self):
        return 1
del A().p
