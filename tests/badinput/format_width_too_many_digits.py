# badinput: a format width with 30 digits
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
format(1, "100000000000000000000000000000")
