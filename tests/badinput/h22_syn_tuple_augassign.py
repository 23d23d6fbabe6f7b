# badinput: augmented assignment to a tuple
# expect-exit: 1
# expect-stderr: SyntaxError: 'tuple' is an illegal expression for augmented assignment
a, b += 1
