# badinput: min([])
# expect-exit: 1
# expect-stderr: ValueError: min() arg is an empty sequence
min([])
