# badinput: a positional field index past ssize_t
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
'{99999999999999999999}'.format(1)
