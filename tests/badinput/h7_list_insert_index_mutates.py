# badinput: list.insert whose index's __index__ clears the list
# expect-exit: 0
# expect-stdout: [9]
class I:
    def __index__(self):
        lst.clear()
        return 5
lst = [1, 2, 3]
lst.insert(I(), 9)
print(lst)
