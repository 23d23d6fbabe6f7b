# badinput: __eq__ clearing the list during `in` and count
# expect-exit: 0
# expect-stdout: False 0
import torch
class E:
    def __eq__(self, o):
        l.clear(); return False
l = [E(), E(), E()]
print(E() in l, l.count(1))
