# badinput: format key missing
# expect-exit: 1
# expect-stderr: KeyError: 'x'
"{x}".format(y=1)
