# badinput: two starred targets in one assignment
# expect-exit: 1
# expect-stderr: SyntaxError: multiple starred expressions in assignment
*a, *b = [1, 2, 3]
