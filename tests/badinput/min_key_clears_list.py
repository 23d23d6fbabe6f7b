# badinput: min() whose key function clears the list it walks ends the walk there (live iterator)
# expect-exit: 0
# expect-stdout: 3 []
lst = [3, 1, 2]
def k(x):
    lst.clear()
    return x
print(min(lst, key=k), lst)
