# badinput: a list holding itself prints [...]
# expect-exit: 0
# expect-stdout: [1, 2, [...]]
lst = [1, 2]
lst.append(lst)
print(lst)
