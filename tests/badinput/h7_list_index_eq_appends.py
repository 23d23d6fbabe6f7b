# badinput: list.index where __eq__ appends to the list every time (bounded by stop)
# expect-exit: 0
# expect-stdout: 5 is not in list 4
class E:
    def __eq__(self, o):
        lst.append(0)
        return False
lst = [E(), E()]
try:
    lst.index(5, 0, 4)
except ValueError as e:
    print(e, len(lst))
