# badinput: format index missing
# expect-exit: 1
# expect-stderr: IndexError: Replacement index 5 out of range for positional args tuple
"{5}".format(1)
