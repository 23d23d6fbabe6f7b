# badinput: augassign tuple (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: 'tuple' is an illegal expression for augmented assignment
a, b += 1
