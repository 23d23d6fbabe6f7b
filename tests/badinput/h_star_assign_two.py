# badinput: star assign two (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: multiple starred expressions in assignment
*a, *b = [1, 2]
