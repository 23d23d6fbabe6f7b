# badinput: an f-string width past ssize_t from a variable
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
w = 10**30
f'{1:{w}}'
