# badinput: yield inside a list comprehension
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' inside list comprehension
[ (yield x) for x in range(2)]
