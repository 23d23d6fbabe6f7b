import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._dynamo as dynamo
# What explain() counts in transformer code: ExplainWithBackend's _explain_graph_detail lists the
# target of every call_function node of each graph (Tensor methods such as view/transpose/split are
# call_method nodes and are not counted; modules are inlined into the functions they call). A
# nanoGPT-style block (split heads with view/transpose, softmax attention), the same block with
# scaled_dot_product_attention, a block built on nn.MultiheadAttention, and a softmax written with
# x.max(...).values; op counts, op names and graph counts for each.


class Block(nn.Module):
    def __init__(self, d=16, h=2, sdpa=False):
        super().__init__()
        self.h, self.sdpa = h, sdpa
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.Dropout(0.0))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        q = q.view(B, T, self.h, C // self.h).transpose(1, 2)
        k = k.view(B, T, self.h, C // self.h).transpose(1, 2)
        v = v.view(B, T, self.h, C // self.h).transpose(1, 2)
        if self.sdpa:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)) * (1.0 / (C // self.h) ** 0.5)
            mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
            att = att.masked_fill(~mask, float("-inf"))
            att = F.softmax(att, dim=-1)
            y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        x = x + self.proj(y)
        return x + self.mlp(self.ln2(x))


class MHABlock(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        a, _ = self.attn(x, x, x, need_weights=False)
        return self.norm(x + a)


def stable_softmax(x):
    m = x.max(dim=-1, keepdim=True).values
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def names(ops):
    return [getattr(op, "__name__", str(op)) for op in ops]


torch.manual_seed(0)
for fn, args in [(Block(), (torch.randn(2, 5, 16),)), (Block(sdpa=True), (torch.randn(2, 5, 16),)),
                 (MHABlock().eval(), (torch.randn(2, 5, 16),)), (stable_softmax, (torch.randn(3, 4),))]:
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print(type(fn).__name__ if isinstance(fn, nn.Module) else fn.__name__, ex.graph_count, ex.graph_break_count,
          ex.op_count)
    for ops in ex.ops_per_graph:
        print(" ", names(ops))
    for gm in ex.graphs:
        print("  methods:", [n.target for n in gm.graph.nodes if n.op == "call_method"])
