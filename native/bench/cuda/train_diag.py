import time
import torch
import torch.nn as nn
import torch.nn.functional as F

class MHABlock(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)
    def forward(self, x):
        h = self.ln1(x)
        a, _ = self.attn(h, h, h, need_weights=False)
        x = x + a
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

torch.manual_seed(0)
m = nn.Sequential(*[MHABlock(512, 8) for _ in range(6)]).cuda()
opt = torch.optim.AdamW(m.parameters(), lr=1e-4)
x = torch.randn(32, 128, 512, device="cuda")
t = torch.randn(32, 128, 512, device="cuda")
def step(x, target):
    opt.zero_grad()
    loss = F.mse_loss(m(x), target)
    loss.backward()
    opt.step()
    return loss
def fwd(x, target):
    return F.mse_loss(m(x), target)
cs = torch.compile(step)
for _ in range(3):
    cs(x, t)
torch.cuda.synchronize()
for name, fn in [("compiled step", cs), ("eager step", step)]:
    for _ in range(2):
        fn(x, t)
    torch.cuda.synchronize()
    host = []
    total = []
    for _ in range(10):
        t0 = time.perf_counter()
        fn(x, t)
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        t2 = time.perf_counter()
        host.append(t1 - t0)
        total.append(t2 - t0)
    print("DIAG|%s|host %.2f ms|total %.2f ms" % (name, 1e3 * sorted(host)[5], 1e3 * sorted(total)[5]))
# pieces of the compiled step: forward+backward only, and the optimizer alone
cfb = torch.compile(lambda x, t: fwd(x, t).backward())
for _ in range(3):
    cfb(x, t)
torch.cuda.synchronize()
def timed(fn, n=10):
    ts = []
    for _ in range(n):
        t0 = time.perf_counter(); fn(); t1 = time.perf_counter(); torch.cuda.synchronize(); t2 = time.perf_counter()
        ts.append((t1 - t0, t2 - t0))
    ts.sort(key=lambda a: a[1])
    return ts[n // 2]
h, tt = timed(lambda: cfb(x, t)); print("DIAG|compiled fwd+bwd|host %.2f ms|total %.2f ms" % (1e3 * h, 1e3 * tt))
copt = torch.compile(lambda: opt.step())
for _ in range(3):
    copt()
h, tt = timed(copt); print("DIAG|compiled opt.step|host %.2f ms|total %.2f ms" % (1e3 * h, 1e3 * tt))
h, tt = timed(lambda: opt.step()); print("DIAG|eager opt.step|host %.2f ms|total %.2f ms" % (1e3 * h, 1e3 * tt))
h, tt = timed(lambda: opt.zero_grad()); print("DIAG|zero_grad|host %.2f ms|total %.2f ms" % (1e3 * h, 1e3 * tt))
