# badinput: a slice bound's __index__ clears the list being sliced
# expect-exit: 0
# expect-stdout: [] 0
class I:
    def __index__(self):
        lst.clear()
        return 3
lst = list(range(10))
print(lst[1:I()], len(lst))
