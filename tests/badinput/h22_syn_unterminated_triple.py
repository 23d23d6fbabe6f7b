# badinput: an unterminated triple-quoted string
# expect-exit: 1
# expect-stderr: SyntaxError: unterminated triple-quoted string literal (detected at line 5)
x = '''abc
y = 1
