# badinput: an unterminated triple-quoted string
# expect-exit: 1
# expect-stderr: h28_syntax_s2.py:4:5: SyntaxError: unterminated triple-quoted string literal (detected at line 5)
s = '''abc
print(s)
