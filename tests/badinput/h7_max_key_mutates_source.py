# badinput: max over a list whose key appends (max iterates the growing list; bounded)
# expect-exit: 0
# expect-stdout: 31 10
lst = [1, 2, 3]
def key(x):
    if len(lst) < 10: lst.append(x + 10)
    return x
print(max(lst, key=key), len(lst))
