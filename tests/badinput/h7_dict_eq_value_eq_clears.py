# badinput: dict == dict where a value's __eq__ clears the other dict
# expect-exit: 0
# expect-stdout: False 0
class V:
    def __eq__(self, o):
        d2.clear()
        return True
d1 = {1: V(), 2: V()}
d2 = {1: V(), 2: V()}
print(d1 == d2, len(d2))
