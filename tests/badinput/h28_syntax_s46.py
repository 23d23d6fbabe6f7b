# badinput: two call arguments without a comma
# expect-exit: 1
# expect-stderr: h28_syntax_s46.py:4:9: SyntaxError: invalid syntax. Perhaps you forgot a comma? (hint: separate the items with ',' or close the '(' opened at 4:6)
print(1 2)
