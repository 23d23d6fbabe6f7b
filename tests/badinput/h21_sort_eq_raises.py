# badinput: __lt__ raising inside sort
# expect-exit: 1
# expect-stderr: ValueError: no order
class A:
    def __lt__(self, o): raise ValueError('no order')
sorted([A(), A()])
