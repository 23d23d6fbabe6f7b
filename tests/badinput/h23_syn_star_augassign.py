# badinput: augmented assignment to a starred target
# expect-exit: 1
# expect-stderr: SyntaxError: 'starred' is an illegal expression for augmented assignment
a = [1]
*a += [2]
