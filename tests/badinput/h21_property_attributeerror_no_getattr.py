# badinput: a property raising AttributeError in a class without __getattr__: the getter's error propagates
# expect-exit: 1
# expect-stderr: AttributeError: 'C' object has no attribute 'missing'
class C:
    @property
    def p(self):
        return self.missing
C().p
