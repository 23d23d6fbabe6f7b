# A compiled training step under torch.autocast(bfloat16) whose residual adds a float32 tensor to a
# bfloat16 attention output (probe 29: karpathy/build-nanogpt train_gpt2.py with use_compile = True;
# Kiln's AOT backward failed with "expected m1 and m2 to have the same dtype, but got: float !=
# BFloat16": the add's float32 gradient reached the bfloat16 attention backward without the cast
# the eager engine makes). Gradients of the compiled step against eager ones, and a few steps.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d=32, h=2):
        super().__init__()
        self.h = h
        self.ln = nn.LayerNorm(d)
        self.attn = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate="tanh"), nn.Linear(4 * d, d))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.attn(self.ln(x)).split(C, dim=2)
        q, k, v = (t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).contiguous().view(B, T, C)
        x = x + self.proj(y)
        return x + self.mlp(self.ln(x))


class Tiny(nn.Module):
    def __init__(self, vocab=64, d=32):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(16, d)
        self.block = Block(d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.wte.weight = self.head.weight

    def forward(self, idx, targets):
        x = self.wte(idx) + self.wpe(torch.arange(idx.size(1)))
        logits = self.head(self.block(x))
        return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


torch.manual_seed(0)
model = Tiny()
ref = Tiny()
ref.load_state_dict(model.state_dict())
cmodel = torch.compile(model)
x = torch.randint(0, 64, (2, 16))
y = torch.randint(0, 64, (2, 16))
for m in (cmodel, ref):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        logits, loss = m(x, y)
    loss.backward()
    print(logits.dtype, loss.dtype, f"{loss.item():.2f}")
for (n, p), q in zip(model.named_parameters(), ref.parameters()):
    rel = ((p.grad - q.grad).norm() / q.grad.norm()).item()
    print(n, p.grad.dtype, rel < 0.05)
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
for step in range(3):
    opt.zero_grad()
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        _, loss = cmodel(x, y)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.2f}")
