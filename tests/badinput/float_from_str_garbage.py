# badinput: float from str garbage (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: '1e5e5'
print(float('1e5e5'))
