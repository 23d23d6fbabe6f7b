# badinput: an unmatched ')' inside an f-string
# expect-exit: 1
# expect-stderr: h28_syntax_t12.py:4:10: SyntaxError: f-string: unmatched ')'
print(f"{)}")
