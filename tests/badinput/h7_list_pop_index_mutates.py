# badinput: list.pop whose index's __index__ clears the list
# expect-exit: 1
# expect-stderr: IndexError: pop from empty list
class I:
    def __index__(self):
        lst.clear()
        return 1
lst = [1, 2, 3]
lst.pop(I())
