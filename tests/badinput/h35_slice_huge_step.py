# badinput: a slice step of 10**30
# expect-exit: 0
# expect-stdout: [1]
print([1, 2, 3][::10**30])
