# badinput: str() of a list nested 1400 deep: CPython 3.12 prints it (list str is its repr, under the C recursion limit of 1500)
# expect-exit: 0
# expect-stdout: 2802
l = []
for i in range(1400):
    l = [l]
print(len(str(l)))
