# badinput: Python misuse: type three args bad
# expect-exit: 1
# expect-stderr: TypeError: metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases
type("X", (5,), {})
