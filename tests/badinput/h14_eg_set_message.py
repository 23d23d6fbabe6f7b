# badinput: assigning ExceptionGroup.message (a read-only member) (h14 sweep)
# expect-exit: 1
# expect-stderr: AttributeError: readonly attribute
e = ExceptionGroup('x', [ValueError()])
e.message = 'y'
