# badinput: an unterminated string
# expect-exit: 1
# expect-stderr: SyntaxError: unterminated string literal (detected at line 4)
x = "abc
