# badinput: list.sort given a positional argument
# expect-exit: 1
# expect-stderr: TypeError: sort() takes no positional arguments
[2, 1].sort(len)
