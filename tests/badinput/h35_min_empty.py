# badinput: Python misuse: min empty
# expect-exit: 1
# expect-stderr: ValueError: min() iterable argument is empty
min([])
