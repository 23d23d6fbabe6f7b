import torch

# A pointwise kernel does almost no arithmetic per byte: its speed is set by
# memory bandwidth. Its best possible time is bytes moved / bandwidth.
# out = a + b over n float32 values reads 2n and writes n values.
n = 16 * 1024 * 1024
for dtype in [torch.float32, torch.bfloat16]:
    size = torch.tensor([], dtype=dtype).element_size()
    moved = 3 * n * size
    print(dtype, "bytes per element:", size, "bytes moved:", moved)
    for name, gb_per_s in [("H100 HBM3, 3350 GB/s", 3350), ("CPU DDR5, 100 GB/s", 100)]:
        us = moved / (gb_per_s * 1e9) * 1e6
        print(f"  {name}: at least {us:.1f} us")

# A matrix product does 2*m*n*k operations on (m*k + k*n + m*n) values: for
# large sizes it does hundreds of operations per byte, and compute, not
# memory, is the limit.
m = k = 4096
flops = 2 * m * m * k
moved = 3 * m * k * 4
print("matmul 4096^3 float32: flops per byte", round(flops / moved))
