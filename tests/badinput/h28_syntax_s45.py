# badinput: a conditional expression without else
# expect-exit: 1
# expect-stderr: h28_syntax_s45.py:4:5: SyntaxError: expected 'else' after 'if' expression (hint: write 'a if condition else b')
x = 1 if 2
