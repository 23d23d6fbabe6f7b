# badinput: str.format with a missing keyword
# expect-exit: 1
# expect-stderr: KeyError: 'name'
"{name}".format()
