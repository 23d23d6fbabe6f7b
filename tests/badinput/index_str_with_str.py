# badinput: indexing a list with a str
# expect-exit: 1
# expect-stderr: TypeError: list indices must be integers or slices, not str
[1, 2]["0"]
