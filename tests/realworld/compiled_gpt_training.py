# Real-program corpus (tests/realworld, see README.md): a small GPT with the explicit ("slow")
# attention path (a registered tril buffer, masked_fill with -inf, softmax, attention dropout)
# trained under torch.compile(model) as nanoGPT's train.py does by default (compile = True), then the
# compiled and eager models compared: the workflow of karpathy/nanoGPT (model.py, train.py) @
# 3adf61e154c3fe3fca428ad6bc3818b27a3b8291. Written for Kiln, not copied.
import math

import torch
import torch.nn as nn
from torch.nn import functional as F

N_EMBD, N_HEAD, N_LAYER, BLOCK, VOCAB = 16, 2, 2, 8, 11


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_attn = nn.Linear(N_EMBD, 3 * N_EMBD)
        self.c_proj = nn.Linear(N_EMBD, N_EMBD)
        self.attn_dropout = nn.Dropout(0.0)
        self.register_buffer("bias", torch.tril(torch.ones(BLOCK, BLOCK)).view(1, 1, BLOCK, BLOCK))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(N_EMBD, dim=2)
        k = k.view(B, T, N_HEAD, C // N_HEAD).transpose(1, 2)
        q = q.view(B, T, N_HEAD, C // N_HEAD).transpose(1, 2)
        v = v.view(B, T, N_HEAD, C // N_HEAD).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = self.attn_dropout(F.softmax(att, dim=-1))
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(N_EMBD)
        self.attn = CausalSelfAttention()
        self.ln_2 = nn.LayerNorm(N_EMBD)
        self.mlp = nn.Sequential(nn.Linear(N_EMBD, 4 * N_EMBD), nn.GELU(), nn.Linear(4 * N_EMBD, N_EMBD))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, N_EMBD)
        self.wpe = nn.Embedding(BLOCK, N_EMBD)
        self.h = nn.ModuleList([Block() for _ in range(N_LAYER)])
        self.ln_f = nn.LayerNorm(N_EMBD)
        self.lm_head = nn.Linear(N_EMBD, VOCAB, bias=False)

    def forward(self, idx, targets=None):
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss


torch.manual_seed(1337)
model = GPT()
print(sum(p.numel() for p in model.parameters()), len(model.state_dict()))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, betas=(0.9, 0.95), weight_decay=0.1)
print("compiling the model... (takes a ~minute)")
unoptimized_model = model
model = torch.compile(model)
print(type(model).__name__, model._orig_mod is unoptimized_model)
data = torch.randint(0, VOCAB, (64,))
for it in range(6):
    ix = torch.randint(len(data) - BLOCK, (4,))
    X = torch.stack([data[i:i + BLOCK] for i in ix])
    Y = torch.stack([data[i + 1:i + 1 + BLOCK] for i in ix])
    logits, loss = model(X, Y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    print(f"iter {it}: loss {loss.item():.4f}")
print(sorted(model.state_dict().keys())[:3])
unoptimized_model.eval()
with torch.no_grad():
    a, _ = model(X)
    b, _ = unoptimized_model(X)
print(tuple(a.shape), torch.allclose(a, b, atol=1e-5))
