# torch.from_numpy / torch.as_tensor of a read-only NumPy array (np.frombuffer of bytes, or
# flags.writeable = False): PyTorch shares the memory and warns once per process
# (tensor_numpy.cpp's TORCH_WARN_ONCE); torch.tensor copies without a warning. NumPy's flags object,
# its read-only errors and the flag's propagation to views.
import warnings

import numpy as np
import torch

a = np.frombuffer(b"\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00", dtype=np.int32)
print(a, a.dtype, a.flags.writeable, a.flags["WRITEABLE"], a.flags.c_contiguous)
print(a.flags)
try:
    a[0] = 5
except ValueError as e:
    print("ValueError:", e)
try:
    a.flags.writeable = True
except ValueError as e:
    print("ValueError:", e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    t = torch.from_numpy(a)
    print(len(w), [x.category.__name__ for x in w])
    print(str(w[0].message).split(" (Triggered")[0])
print(t, t.dtype)

b = np.arange(4.0)
print(b.flags.writeable, b.flags.owndata)
b.flags.writeable = False
try:
    b += 1
except ValueError as e:
    print("ValueError:", e)
v = b[1:3]
print(v.flags.writeable, v.flags.owndata)
try:
    v.flags.writeable = True
except ValueError as e:
    print("ValueError:", e)
try:
    v[0] = 1.0
except ValueError as e:
    print("ValueError:", e)

# the warning is emitted once per process: a second read-only array converts silently
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    t2 = torch.as_tensor(b)
    t3 = torch.tensor(b)
    print(len(w))
print(t2, t3)
b.flags.writeable = True
b[0] = 7.0
print(b, t2)

m = np.ones((2, 3), dtype=np.float32)
print(m.flags.c_contiguous, m.flags.f_contiguous, m.T.flags.c_contiguous, m.T.flags.f_contiguous)
m.flags["WRITEABLE"] = False
print(m.flags.writeable)
