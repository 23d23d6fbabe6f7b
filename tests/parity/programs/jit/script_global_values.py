import torch
# Globals read by scripted code: ints, floats, bools, tensors and objects are all rejected in 2.11.

SCALE = 2.0
COUNT = 3
FLAG = True
PAIR = (1, 2)
W = torch.tensor([1., 2.])

class Box:
    def __init__(self):
        self.v = 5

BOX = Box()

def f_float(x):
    return x * SCALE

def f_int(x):
    return x + COUNT

def f_flag_tuple(x):
    if FLAG:
        return x + PAIR[1]
    return x

def f_tensor(x):
    return x + W

def f_obj(x):
    return x + BOX.v

x = torch.tensor([1., 1.])
compiled = []
for fn in [f_float, f_int, f_flag_tuple, f_tensor, f_obj]:
    try:
        s = torch.jit.script(fn)
        compiled.append(s)
        print(fn.__name__, "compiled", s(x), "eager", fn(x))
    except Exception as e:
        print(fn.__name__, type(e).__name__)
        print("  ", str(e).strip().split("\n")[0])
SCALE = 10.0
COUNT = 30
FLAG = False
W = torch.tensor([100., 200.])
for s in compiled:
    print("after rebinding:", s(x))
print("eager after rebinding:", f_float(x), f_int(x), f_flag_tuple(x), f_tensor(x))
