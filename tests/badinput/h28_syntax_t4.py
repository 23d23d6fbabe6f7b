# badinput: a single '}' in an f-string
# expect-exit: 1
# expect-stderr: h28_syntax_t4.py:4:9: SyntaxError: f-string: single '}' is not allowed (hint: write '}}' for a literal '}')
print(f"}")
