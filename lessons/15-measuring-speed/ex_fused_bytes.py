import torch

# y = (x * 2 + 1).relu() on n float32 values.
# Eager runs three kernels (mul, add, relu): each reads n values and writes n.
# A fused kernel reads x once and writes y once.
n = 1 << 24
size = torch.tensor([], dtype=torch.float32).element_size()
eager_bytes = 3 * (n + n) * size

# The exercise: compute the bytes the fused kernel moves. The ratio is how
# much faster fusion can make a memory-bound chain, at best.
fused_bytes = eager_bytes

print("eager bytes:", eager_bytes)
print("fused bytes:", fused_bytes)
print("ceiling ratio:", eager_bytes / fused_bytes)
