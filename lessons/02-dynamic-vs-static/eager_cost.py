import torch

# Eager mode runs one kernel per op, and every op writes a full tensor to memory
# that the next op reads back.
x = torch.linspace(-2.0, 2.0, 8)

steps = []
a = x * 2
steps.append(("mul", a))
b = a + 1
steps.append(("add", b))
c = b.relu()
steps.append(("relu", c))
d = c * 3
steps.append(("mul", d))
print(d)

# Count what eager did: one kernel launch per op, one temporary tensor per op.
elements = x.numel()
bytes_per = x.element_size()
moved = 0
for name, t in steps:
    read = elements * bytes_per       # each op reads one tensor of the same size
    written = t.numel() * bytes_per   # and writes one
    moved += read + written
    print(name, "reads", read, "bytes, writes", written, "bytes")
print("kernels launched:", len(steps))
print("bytes moved:", moved)
# One fused kernel would read x once and write d once:
print("bytes a fused kernel needs:", 2 * elements * bytes_per)
