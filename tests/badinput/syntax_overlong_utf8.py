# badinput: an overlong UTF-8 encoding of '/'
# expect-exit: 1
# expect-stderr: Non-UTF-8 code starting with '\xc0' in file
# À¯
x = 1
