# badinput: an f-string replacement field never closed
# expect-exit: 1
# expect-stderr: h28_syntax_s9.py:4:11: SyntaxError: f-string: expecting '}'
print(f"{x")
