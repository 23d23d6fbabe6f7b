# A minimal Mamba language model in the shape of johnma2006/mamba-minimal model.py @ 03de542a (this
# project's code, following its structure at toy sizes; no pretrained download): `from __future__
# import annotations` with a dataclass whose field annotation names `Union` without importing it (a
# string under PEP 563, so dataclasses never evaluates it), __post_init__ rounding vocab_size up to a
# multiple, einops rearrange/repeat/einsum (three-operand einsum), a depthwise causal Conv1d cut
# back to the sequence length, split(split_size=[...]), softplus step sizes, the sequential selective
# scan over time with torch.stack, a hand-written RMSNorm, the lm_head tied to the embedding, top-k
# multinomial sampling as demo.ipynb's generate, and a few AdamW training steps on random tokens.
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from einops import einsum, rearrange, repeat


@dataclass
class ModelArgs:
    d_model: int
    n_layer: int
    vocab_size: int
    d_state: int = 8
    expand: int = 2
    dt_rank: Union[int, str] = 'auto'
    d_conv: int = 4
    pad_vocab_size_multiple: int = 8
    conv_bias: bool = True
    bias: bool = False

    def __post_init__(self):
        self.d_inner = int(self.expand * self.d_model)
        if self.dt_rank == 'auto':
            self.dt_rank = math.ceil(self.d_model / 16)
        if self.vocab_size % self.pad_vocab_size_multiple != 0:
            self.vocab_size += self.pad_vocab_size_multiple - self.vocab_size % self.pad_vocab_size_multiple


class RMSNorm(nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class MambaBlock(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.args = args
        self.in_proj = nn.Linear(args.d_model, args.d_inner * 2, bias=args.bias)
        self.conv1d = nn.Conv1d(args.d_inner, args.d_inner, kernel_size=args.d_conv, groups=args.d_inner,
                                padding=args.d_conv - 1, bias=args.conv_bias)
        self.x_proj = nn.Linear(args.d_inner, args.dt_rank + args.d_state * 2, bias=False)
        self.dt_proj = nn.Linear(args.dt_rank, args.d_inner, bias=True)
        A = repeat(torch.arange(1, args.d_state + 1), 'n -> d n', d=args.d_inner)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(args.d_inner))
        self.out_proj = nn.Linear(args.d_inner, args.d_model, bias=args.bias)

    def forward(self, x):
        (b, l, d) = x.shape
        x_and_res = self.in_proj(x)
        (x, res) = x_and_res.split(split_size=[self.args.d_inner, self.args.d_inner], dim=-1)
        x = rearrange(x, 'b l d_in -> b d_in l')
        x = self.conv1d(x)[:, :, :l]
        x = rearrange(x, 'b d_in l -> b l d_in')
        x = F.silu(x)
        y = self.ssm(x) * F.silu(res)
        return self.out_proj(y)

    def ssm(self, x):
        (d_in, n) = self.A_log.shape
        A = -torch.exp(self.A_log.float())
        D = self.D.float()
        x_dbl = self.x_proj(x)
        (delta, B, C) = x_dbl.split(split_size=[self.args.dt_rank, n, n], dim=-1)
        delta = F.softplus(self.dt_proj(delta))
        return self.selective_scan(x, delta, A, B, C, D)

    def selective_scan(self, u, delta, A, B, C, D):
        (b, l, d_in) = u.shape
        n = A.shape[1]
        deltaA = torch.exp(einsum(delta, A, 'b l d_in, d_in n -> b l d_in n'))
        deltaB_u = einsum(delta, B, u, 'b l d_in, b l n, b l d_in -> b l d_in n')
        x = torch.zeros((b, d_in, n), device=deltaA.device)
        ys = []
        for i in range(l):
            x = deltaA[:, i] * x + deltaB_u[:, i]
            ys.append(einsum(x, C[:, i, :], 'b d_in n, b n -> b d_in'))
        y = torch.stack(ys, dim=1)
        return y + u * D


class ResidualBlock(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.mixer = MambaBlock(args)
        self.norm = RMSNorm(args.d_model)

    def forward(self, x):
        return self.mixer(self.norm(x)) + x


class Mamba(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.args = args
        self.embedding = nn.Embedding(args.vocab_size, args.d_model)
        self.layers = nn.ModuleList([ResidualBlock(args) for _ in range(args.n_layer)])
        self.norm_f = RMSNorm(args.d_model)
        self.lm_head = nn.Linear(args.d_model, args.vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight

    def forward(self, input_ids):
        x = self.embedding(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm_f(x))


def generate(model, input_ids, n_tokens_to_gen=6, top_k=4):
    model.eval()
    for _ in range(n_tokens_to_gen):
        with torch.no_grad():
            next_token_logits = model(input_ids)[:, -1]
        probs = F.softmax(next_token_logits, dim=-1)
        (values, indices) = torch.topk(probs, k=top_k)
        probs[probs < values[:, -1, None]] = 0
        probs = probs / probs.sum(axis=1, keepdims=True)
        next_indices = torch.multinomial(probs, num_samples=1)
        input_ids = torch.cat([input_ids, next_indices], dim=1)
    return input_ids


torch.manual_seed(0)
args = ModelArgs(d_model=16, n_layer=2, vocab_size=50)
print(args)
print(ModelArgs.__annotations__['dt_rank'], args.d_inner, args.dt_rank, args.vocab_size)
model = Mamba(args)
print(model.layers[0])
print('parameters:', sum(p.numel() for p in model.parameters()), model.lm_head.weight is model.embedding.weight)
ids = torch.randint(0, 50, (2, 10))
logits = model(ids)
print(logits.shape, f'{logits.std().item():.4f}')
print(generate(model, ids[:1, :4]).shape)
model.train()
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
for step in range(4):
    logits = model(ids[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), ids[:, 1:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f'step {step} loss {loss.item():.4f}')
print(f'{model.layers[1].mixer.A_log.grad.abs().sum().item():.4f}')
