# badinput: assigning to a comprehension
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to list comprehension
[x for x in y] = 1
