# badinput: appending to a list while iterating over a copy (valid)
# expect-exit: 0
# expect-stdout: [1, 2, 1, 2]
a = [1, 2]
for x in a[:]:
    a.append(x)
print(a)
