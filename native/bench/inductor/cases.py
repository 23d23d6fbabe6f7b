# The Inductor bench's cases: one definition for Kiln (kiln_inductor_bench runs this file in Kiln's
# Python VM) and for PyTorch (torch_inductor_bench.py imports it), so both time the same programs.
#
# make(name, quick) returns (fn, args, min_bytes, flops, label):
#   fn         the callable to time eagerly and to hand to torch.compile (a function or nn.Module)
#   args       a tuple of input tensors
#   min_bytes  bytes that must move: every input (and parameter) read once, every output written once
#   flops      matmul FLOPs per call (0 for memory-bound cases: these report GB/s instead)
#   label      the case name with its sizes
# Everything is float32 and runs under no_grad (the drivers arrange it).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

NAMES = ["pointwise_chain", "pointwise_chain_anchor", "softmax", "layernorm_gelu", "mlp", "transformer_block"]


def pointwise_chain(x, y):
    # 5 pointwise ops, 2 inputs, 1 output
    return ((x * 2.0 + 1.0).relu() * y).sigmoid()


def pointwise_chain_anchor(x):
    # shared/anchors.md's pointwise_chain (9 ops, 1 input)
    y = x * 1.5 + 0.5
    y = torch.relu(y) * torch.sigmoid(x)
    y = torch.tanh(y - 0.25)
    return y * x + 1.0


def softmax(x):
    # shared/anchors.md's softmax (max via amax: Kiln's Dynamo breaks the graph on .max(...).values)
    m = torch.amax(x, -1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(-1, keepdim=True)


class LayerNormGelu(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        return F.gelu(self.ln(x))


class MLP(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.fc2 = nn.Linear(h, d)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Block(nn.Module):
    # pre-norm transformer block: attention with 4 heads (written out, as in dynamo/transformer.py)
    # and a 4x MLP with GELU, both residual
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


def param_count(m):
    n = 0
    for p in m.parameters():
        n += p.numel()
    return n


def make(name, quick):
    torch.manual_seed(0)
    if name == "pointwise_chain":
        n = (1 << 20) if quick else (1 << 24)
        x, y = torch.randn(n), torch.randn(n)
        return pointwise_chain, (x, y), 3 * 4 * n, 0, "pointwise_chain_" + str(n >> 20) + "M"
    if name == "pointwise_chain_anchor":
        n = (1 << 20) if quick else (1 << 24)
        return pointwise_chain_anchor, (torch.randn(n),), 2 * 4 * n, 0, "pw_chain_anchor_" + str(n >> 20) + "M"
    if name == "softmax":
        r = 1024 if quick else 4096
        return softmax, (torch.randn(r, 4096),), 2 * 4 * r * 4096, 0, "softmax_" + str(r) + "x4096"
    if name == "layernorm_gelu":
        r = 1024 if quick else 4096
        m = LayerNormGelu(1024)
        m.eval()
        return m, (torch.randn(r, 1024),), 4 * (2 * r * 1024 + 2 * 1024), 0, "layernorm_gelu_" + str(r) + "x1024"
    if name == "mlp":
        b, d, h = (64, 512, 2048) if quick else (256, 1024, 4096)
        m = MLP(d, h)
        m.eval()
        flops = 2 * b * d * h * 2
        return m, (torch.randn(b, d),), 4 * (2 * b * d + param_count(m)), flops, "mlp_b" + str(b) + "_" + str(d) + "x" + str(h)
    if name == "transformer_block":
        b, t, d, heads = (2, 64, 128, 4) if quick else (8, 128, 256, 4)
        m = Block(d, heads)
        m.eval()
        flops = 2 * b * t * d * (3 * d + d + 8 * d) + 2 * 2 * b * t * t * d
        return (m, (torch.randn(b, t, d),), 4 * (2 * b * t * d + param_count(m)), flops,
                "transformer_b" + str(b) + "s" + str(t) + "d" + str(d) + "h" + str(heads))
    raise ValueError("unknown case " + name)
