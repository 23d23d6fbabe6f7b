# badinput: __eq__ empties the list during list.remove
# expect-exit: 1
# expect-stderr: ValueError: list.remove(x): x not in list
class E:
    def __eq__(self, other):
        lst.clear()
        return False
lst = [E() for _ in range(10)]
lst.remove(3)
