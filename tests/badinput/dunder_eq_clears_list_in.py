# badinput: __eq__ empties the list while `in` scans it (CPython stops at the new end)
# expect-exit: 0
# expect-stdout: False 0
class E:
    def __eq__(self, other):
        lst.clear()
        return False
lst = [E(), E(), E(), E()]
print(0 in lst, len(lst))
