# badinput: __lt__ clears the list during list.sort
# expect-exit: 0
# expect-stdout: 3
class E:
    def __lt__(self, o):
        lst.clear()
        return True
lst = [E(), E(), E()]
lst.sort()
print(len(lst))
