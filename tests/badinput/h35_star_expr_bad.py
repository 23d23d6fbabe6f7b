# badinput: Python misuse: star expr bad
# expect-exit: 1
# expect-stderr: h35_star_expr_bad.py:4:8: SyntaxError: multiple starred expressions in assignment
a, *b, *c = [1, 2, 3]
