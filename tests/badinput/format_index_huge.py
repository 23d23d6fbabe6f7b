# badinput: a positional format index with 25 digits
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
"{1000000000000000000000000}".format(1)
