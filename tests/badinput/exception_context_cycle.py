# badinput: two exceptions that are each other's __context__
# expect-exit: 1
# expect-stderr: KeyError: 'a'
a = KeyError("a")
b = ValueError("b")
a.__context__ = b
b.__context__ = a
raise a
