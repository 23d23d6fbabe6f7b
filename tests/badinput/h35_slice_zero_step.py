# badinput: Python misuse: slice zero step
# expect-exit: 1
# expect-stderr: ValueError: slice step cannot be zero
[1, 2][::0]
