# badinput: appending while iterating with a limit
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
# expect-stdout: [1, 1, 1, 1, 1, 1]
xs = [1]
for x in xs:
    if len(xs) > 5:
        break
    xs.append(x)
print(xs)
xs[99]
