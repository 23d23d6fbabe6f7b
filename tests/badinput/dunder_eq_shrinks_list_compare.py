# badinput: __eq__ shrinks both lists while list == list compares them
# expect-exit: 0
# expect-stdout: True
class E:
    def __eq__(self, other):
        a.clear()
        b.clear()
        return True
a = [E() for _ in range(8)]
b = [E() for _ in range(8)]
print(a == b)
