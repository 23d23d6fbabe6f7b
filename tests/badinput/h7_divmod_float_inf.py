# badinput: divmod of inf
# expect-exit: 0
# expect-stdout: (nan, nan)
print(divmod(float('inf'), 3.0))
