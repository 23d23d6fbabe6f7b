# badinput: an unterminated string literal
# expect-exit: 1
# expect-stderr: h28_syntax_s1.py:4:5: SyntaxError: unterminated string literal (detected at line 4)
s = "abc
print(s)
