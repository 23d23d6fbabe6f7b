# badinput: a slice step of 0
# expect-exit: 1
# expect-stderr: ValueError: slice step cannot be zero
[1, 2, 3][::0]
