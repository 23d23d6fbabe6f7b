# badinput: min([])
# expect-exit: 1
# expect-stderr: ValueError: min() iterable argument is empty
min([])
