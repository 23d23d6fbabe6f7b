# badinput: __hash__ clearing the dict being written
# expect-exit: 0
# expect-stdout: 1
import torch
class K:
    def __hash__(self):
        d.clear(); return 1
    def __eq__(self, o): return True
d = {1: 2}
d[K()] = 3
print(len(d))
