# badinput: slice assignment whose bound's __index__ shrinks the list
# expect-exit: 0
# expect-stdout: [0, 0]
class I:
    def __index__(self):
        del lst[2:]
        return 8
lst = list(range(10))
lst[1:I()] = [0]
print(lst)
