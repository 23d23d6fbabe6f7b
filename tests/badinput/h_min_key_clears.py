# badinput: min key clears (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 3 []
lst = [3, 1, 2]
def k(x):
    lst.clear(); return x
print(min(lst, key=k), lst)
