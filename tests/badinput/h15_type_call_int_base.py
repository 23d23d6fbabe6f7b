# badinput: type('X', (1,), {}) with an int as base: CPython's metaclass-conflict TypeError
# expect-exit: 1
# expect-stderr: TypeError: metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases
type("X", (1,), {})
