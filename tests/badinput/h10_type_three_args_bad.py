# badinput: type three args bad
# expect-exit: 1
# expect-stderr: TypeError: type.__new__() argument 2 must be tuple, not int
type("A", 5, {})
