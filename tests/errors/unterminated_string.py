# error: 2:7: unterminated string literal (detected at line 2)
msg = 'hello
