# badinput: __eq__ empties the list during list.count
# expect-exit: 0
# expect-stdout: 1 0
class E:
    def __eq__(self, other):
        del lst[:]
        return True
lst = [E() for _ in range(50)]
print(lst.count(0), len(lst))
