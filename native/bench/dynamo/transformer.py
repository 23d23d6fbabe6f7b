# Dynamo capture cost on a 6-block transformer forward (the same program runs in Kiln and in
# CPython + PyTorch). Prints RESULT lines: the first compiled call (capture + guards + bytecode +
# backend + one run), a steady-state compiled call, and an eager call, in milliseconds.
import math
import time
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        hd = C // self.heads
        q = q.view(B, T, self.heads, hd).transpose(1, 2)
        k = k.view(B, T, self.heads, hd).transpose(1, 2)
        v = v.view(B, T, self.heads, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = x + self.proj(y)
        x = x + self.fc2(F.gelu(self.fc1(self.ln2(x))))
        return x


class Model(nn.Module):
    def __init__(self, d, heads, n):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d, heads) for i in range(n)])
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return self.ln(x)


def eager_backend(gm, example_inputs):
    return gm.forward


torch.manual_seed(0)
model = Model(64, 4, 6)
x = torch.randn(2, 16, 64)
with torch.no_grad():
    t0 = time.perf_counter()
    ref = model(x)
    eager_ms = (time.perf_counter() - t0) * 1000
    cm = torch.compile(model, backend=eager_backend)
    t0 = time.perf_counter()
    out = cm(x)
    first_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    for i in range(10):
        out = cm(x)
    steady_ms = (time.perf_counter() - t0) * 100
print("RESULT eager_call_ms", eager_ms)
print("RESULT first_compiled_call_ms", first_ms)
print("RESULT compiled_call_ms", steady_ms)
print("RESULT same_result", 1 if torch.allclose(out, ref, atol=1e-5) else 0)
