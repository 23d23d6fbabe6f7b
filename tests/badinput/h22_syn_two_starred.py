# badinput: two starred targets
# expect-exit: 1
# expect-stderr: SyntaxError: multiple starred expressions in assignment
a, *b, *c = range(5)
