# badinput: an f-string '!' without a conversion character
# expect-exit: 1
# expect-stderr: h28_syntax_t2.py:5:12: SyntaxError: f-string: missing conversion character
x = 1
print(f"{x!}")
