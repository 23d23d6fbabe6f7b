# badinput: an unterminated f-string
# expect-exit: 1
# expect-stderr: SyntaxError: unterminated f-string literal (detected at line 4)
x = f"abc{1}
