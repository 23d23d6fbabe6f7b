# badinput: str.format_map of a list
# expect-exit: 1
# expect-stderr: TypeError: list indices must be integers or slices, not str
'{a}'.format_map([1])
