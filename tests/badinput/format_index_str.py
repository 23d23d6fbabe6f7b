# badinput: format index str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: list indices must be integers or slices, not str
print('{0[x]}'.format([1]))
