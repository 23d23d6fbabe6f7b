# badinput: a self-containing list equals itself (identity short-cut)
# expect-exit: 0
# expect-stdout: True True 1 1
a = [1]
a.append(a)
print(a == a, a in a, a.count(a), a.index(a))
