# badinput: eof in triple string
# expect-exit: 1
# expect-stderr: SyntaxError: unterminated triple-quoted string literal (detected at line 4)
x = """abc
