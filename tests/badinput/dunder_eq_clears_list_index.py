# badinput: __eq__ empties the list during list.index: the value is not found
# expect-exit: 1
# expect-stderr: ValueError: 7 is not in list
class E:
    def __eq__(self, other):
        lst.clear()
        return False
    def __repr__(self):
        return "E"
lst = [E() for _ in range(10)]
lst.index(7)
