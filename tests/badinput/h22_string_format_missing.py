# badinput: str.format with a missing argument
# expect-exit: 1
# expect-stderr: IndexError: Replacement index 1 out of range for positional args tuple
'{} {}'.format(1)
