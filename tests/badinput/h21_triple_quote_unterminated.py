# badinput: unterminated triple-quoted string
# expect-exit: 1
# expect-stderr: SyntaxError: unterminated triple-quoted string literal (detected at line 6)
x = 1
s = '''abc

