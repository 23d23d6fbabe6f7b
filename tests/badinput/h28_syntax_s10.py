# badinput: an empty f-string replacement field
# expect-exit: 1
# expect-stderr: h28_syntax_s10.py:4:10: SyntaxError: f-string: valid expression required before '}'
print(f"{}")
