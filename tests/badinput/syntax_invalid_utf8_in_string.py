# badinput: an invalid UTF-8 byte inside a string literal on line 6
# expect-exit: 1
# expect-stderr: Non-UTF-8 code starting with '\xe9' in file


s = 'café'
