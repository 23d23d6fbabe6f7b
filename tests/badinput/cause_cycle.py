# badinput: two exceptions that are each other's cause
# expect-exit: 1
# expect-stderr: KeyError: 'b'
a = ValueError("a")
b = KeyError("b")
a.__cause__ = b
b.__cause__ = a
raise b
