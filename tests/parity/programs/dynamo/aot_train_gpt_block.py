import torch
import torch.nn as nn
import torch.nn.functional as F
# A compiled training step of a tiny GPT-style decoder (token and position embeddings, LayerNorm,
# causal scaled_dot_product_attention, GELU MLP, weight-tied head, cross_entropy over the
# vocabulary) follows eager's losses and parameters with SGD (AdamW would turn the rounding noise in
# the exactly-zero gradient of the key bias into lr-sized steps, in PyTorch too).

class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc = nn.Linear(d, 4 * d)
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).contiguous().view(B, T, C))
        return x + self.out(F.gelu(self.fc(self.ln2(x))))

class GPT(nn.Module):
    def __init__(self, vocab=11, block=6, d=8, heads=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(block, d)
        self.block = Block(d, heads)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.tok.weight

    def forward(self, idx, targets):
        T = idx.shape[1]
        x = self.tok(idx) + self.pos(torch.arange(T))
        logits = self.head(self.ln(self.block(x)))
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))

def make():
    m = GPT()
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.4, 0.4, p.numel()).reshape(p.shape).roll(3 * i) * (1.0 + 0.1 * i))
    return m

idx = torch.tensor([[1, 4, 2, 7, 3, 9], [10, 0, 5, 5, 8, 6]])
targets = torch.tensor([[4, 2, 7, 3, 9, 1], [0, 5, 5, 8, 6, 2]])

def train(compiled, backend):
    torch._dynamo.reset()
    m = make()
    opt = torch.optim.SGD(m.parameters(), lr=0.2, momentum=0.9)
    f = torch.compile(m, backend=backend) if compiled else m
    losses = []
    kind = None
    for it in range(5):
        opt.zero_grad()
        loss = f(idx, targets)
        kind = type(loss.grad_fn).__name__
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, kind, m

e, _, me = train(False, None)
print("eager", " ".join(f"{v:.4f}" for v in e))
for backend in ["aot_eager", "inductor"]:
    c, kind, mc = train(True, backend)
    print(backend, kind)
    print("  losses equal:", torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-5))
    print("  params equal:", all(torch.allclose(a, b, rtol=1e-3, atol=1e-5) for a, b in zip(me.parameters(), mc.parameters())))

m = make()
ex = torch._dynamo.explain(m)(idx, targets)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)
