# badinput: a property getter that deletes its own class attribute
# expect-exit: 1
# expect-stderr: AttributeError: 'C' object has no attribute 'p'
# expect-stdout: 5
class C:
    @property
    def p(self):
        del C.p
        return 5
c = C()
print(c.p)
c.p
