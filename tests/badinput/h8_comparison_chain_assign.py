# badinput: assigning to a comparison
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to comparison
a < b = 1
