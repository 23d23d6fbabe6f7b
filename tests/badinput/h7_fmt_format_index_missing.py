# badinput: a positional field index past the arguments
# expect-exit: 1
# expect-stderr: IndexError: Replacement index 5 out of range for positional args tuple
'{5}'.format(1)
