# Real-program corpus (tests/realworld, see README.md): a Mamba language model in the shape of
# alxndrTL/mamba.py (mambapy/mamba.py, mambapy/lm.py and the README's usage): a MambaConfig
# dataclass whose __post_init__ derives d_inner and dt_rank ('auto' -> ceil(d_model / 16)), read
# back with inspect.signature as config loaders do; MambaBlock with in_proj split by `chunk`, a
# causal depthwise Conv1d cut to L, x_proj split by sizes with
# `torch.split(deltaBC, [dt_rank, d_state, d_state], dim=-1)`, dt_proj bias initialised through
# the inverse softplus under no_grad, A_log/D parameters tagged `_no_weight_decay`, the sequential
# selective scan, RMSNorm and residual blocks; weight-tied LM head, AdamW steps, constant-time
# recurrent `step` generation with per-layer (h, inputs) caches checked against the full forward;
# then torch.jit.trace and torch.export of the model, checked against eager.
# Origin: alxndrTL/mamba.py mambapy/mamba.py, mambapy/lm.py, README.md @ 2cc168c78b2494557f45072c4b8daa9d6f5608c7.
# Written for Kiln, not copied. Changes: one file; the sequential scan only (mambapy/pscan.py's
# Blelloch scan is not reproduced); d_model 16, 2 layers, d_state 8, batches of 3 x 8 tokens of a
# repeated phrase (an 11-character vocabulary) instead of a real corpus; three optimizer steps.
import inspect
import math
from dataclasses import dataclass, fields
from typing import Union

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class MambaConfig:
    d_model: int
    n_layers: int
    dt_rank: Union[int, str] = 'auto'
    d_state: int = 16
    expand_factor: int = 2
    d_conv: int = 4
    dt_min: float = 0.001
    dt_max: float = 0.1
    dt_init: str = 'random'
    dt_scale: float = 1.0
    dt_init_floor = 1e-4  # no annotation: a class attribute, not a field
    rms_norm_eps: float = 1e-5
    bias: bool = False
    conv_bias: bool = True

    def __post_init__(self):
        self.d_inner = self.expand_factor * self.d_model
        if self.dt_rank == 'auto':
            self.dt_rank = math.ceil(self.d_model / 16)


class RMSNorm(nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class MambaBlock(nn.Module):
    def __init__(self, config: MambaConfig):
        super().__init__()
        self.config = config
        self.in_proj = nn.Linear(config.d_model, 2 * config.d_inner, bias=config.bias)
        self.conv1d = nn.Conv1d(config.d_inner, config.d_inner, kernel_size=config.d_conv, bias=config.conv_bias,
                                groups=config.d_inner, padding=config.d_conv - 1)
        self.x_proj = nn.Linear(config.d_inner, config.dt_rank + 2 * config.d_state, bias=False)
        self.dt_proj = nn.Linear(config.dt_rank, config.d_inner, bias=True)
        dt_init_std = config.dt_rank ** -0.5 * config.dt_scale
        if config.dt_init == 'constant':
            nn.init.constant_(self.dt_proj.weight, dt_init_std)
        elif config.dt_init == 'random':
            nn.init.uniform_(self.dt_proj.weight, -dt_init_std, dt_init_std)
        else:
            raise NotImplementedError
        # dt drawn log-uniformly in [dt_min, dt_max]; the bias is its inverse softplus
        dt = torch.exp(torch.rand(config.d_inner) * (math.log(config.dt_max) - math.log(config.dt_min))
                       + math.log(config.dt_min)).clamp(min=config.dt_init_floor)
        inv_dt = dt + torch.log(-torch.expm1(-dt))
        with torch.no_grad():
            self.dt_proj.bias.copy_(inv_dt)
        A = torch.arange(1, config.d_state + 1, dtype=torch.float32).repeat(config.d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.A_log._no_weight_decay = True
        self.D = nn.Parameter(torch.ones(config.d_inner))
        self.D._no_weight_decay = True
        self.out_proj = nn.Linear(config.d_inner, config.d_model, bias=config.bias)

    def forward(self, x):
        _, L, _ = x.shape
        x, z = self.in_proj(x).chunk(2, dim=-1)
        x = self.conv1d(x.transpose(1, 2))[:, :, :L].transpose(1, 2)  # causal: the first L outputs
        x = F.silu(x)
        y = self.ssm(x)
        return self.out_proj(y * F.silu(z))

    def ssm(self, x):
        A = -torch.exp(self.A_log.float())
        D = self.D.float()
        delta, B, C = torch.split(self.x_proj(x), [self.config.dt_rank, self.config.d_state, self.config.d_state], dim=-1)
        delta = (self.dt_proj.weight @ delta.transpose(1, 2)).transpose(1, 2)
        delta = F.softplus(delta + self.dt_proj.bias)
        return self.selective_scan_seq(x, delta, A, B, C, D)

    def selective_scan_seq(self, x, delta, A, B, C, D):
        _, L, _ = x.shape
        deltaA = torch.exp(delta.unsqueeze(-1) * A)  # (B, L, ED, N)
        BX = delta.unsqueeze(-1) * B.unsqueeze(2) * x.unsqueeze(-1)
        h = torch.zeros(x.size(0), self.config.d_inner, self.config.d_state, device=deltaA.device)
        hs = []
        for t in range(0, L):
            h = deltaA[:, t] * h + BX[:, t]
            hs.append(h)
        hs = torch.stack(hs, dim=1)
        y = (hs @ C.unsqueeze(-1)).squeeze(3)
        return y + D * x

    def step(self, x, cache):
        # one token: x (B, D); cache = (h (B, ED, N) or None, last d_conv-1 conv inputs (B, ED, d_conv-1))
        h, inputs = cache
        x, z = self.in_proj(x).chunk(2, dim=1)
        x_cache = x.unsqueeze(2)
        x = F.silu(self.conv1d(torch.cat([inputs, x_cache], dim=2))[:, :, self.config.d_conv - 1])
        A = -torch.exp(self.A_log.float())
        delta, B, C = torch.split(self.x_proj(x), [self.config.dt_rank, self.config.d_state, self.config.d_state], dim=-1)
        delta = F.softplus(self.dt_proj(delta))
        BX = delta.unsqueeze(-1) * B.unsqueeze(1) * x.unsqueeze(-1)
        if h is None:
            h = torch.zeros(x.size(0), self.config.d_inner, self.config.d_state)
        h = torch.exp(delta.unsqueeze(-1) * A) * h + BX
        y = (h @ C.unsqueeze(-1)).squeeze(2) + self.D * x
        inputs = torch.cat([inputs[:, :, 1:], x_cache], dim=2)
        return self.out_proj(y * F.silu(z)), (h, inputs)


class ResidualBlock(nn.Module):
    def __init__(self, config: MambaConfig):
        super().__init__()
        self.mixer = MambaBlock(config)
        self.norm = RMSNorm(config.d_model, config.rms_norm_eps)

    def forward(self, x):
        return self.mixer(self.norm(x)) + x

    def step(self, x, cache):
        output, cache = self.mixer.step(self.norm(x), cache)
        return output + x, cache


class LM(nn.Module):
    def __init__(self, config: MambaConfig, vocab_size: int):
        super().__init__()
        self.config = config
        self.embedding = nn.Embedding(vocab_size, config.d_model)
        self.layers = nn.ModuleList([ResidualBlock(config) for _ in range(config.n_layers)])
        self.norm_f = RMSNorm(config.d_model, config.rms_norm_eps)
        self.lm_head = nn.Linear(config.d_model, vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight  # tied

    def forward(self, tokens):
        x = self.embedding(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm_f(x))

    def step(self, token, caches):
        x = self.embedding(token)
        for i, layer in enumerate(self.layers):
            x, caches[i] = layer.step(x, caches[i])
        return self.lm_head(self.norm_f(x)), caches


def main():
    torch.manual_seed(0)
    sig = inspect.signature(MambaConfig)
    print("config fields:", [f.name for f in fields(MambaConfig)][:6], len(sig.parameters))
    print("signature:", str(sig)[:70])
    config = MambaConfig(**{k: v for k, v in {"d_model": 16, "n_layers": 2, "d_state": 8, "lr": 1e-3}.items()
                            if k in sig.parameters})
    print(config.d_inner, config.dt_rank, MambaConfig.dt_init_floor)

    text = "the cat sat on the mat. " * 3
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text])
    model = LM(config, vocab_size=len(chars))
    decay = [p for n, p in model.named_parameters() if not getattr(p, "_no_weight_decay", False)]
    no_decay = [p for n, p in model.named_parameters() if getattr(p, "_no_weight_decay", False)]
    print("parameters:", sum(p.numel() for p in model.parameters()), len(decay), len(no_decay))
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}], lr=1e-2)
    x, y = data[:24].view(3, 8), data[1:25].view(3, 8)
    for it in range(3):
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"iter {it} loss {loss.item():.4f}")

    model.eval()
    with torch.no_grad():
        prompt = x[:1, :6]
        full = model(prompt)
        caches = [(None, torch.zeros(1, config.d_inner, config.d_conv - 1)) for _ in range(config.n_layers)]
        outs = []
        for t in range(prompt.size(1)):
            out, caches = model.step(prompt[:, t], caches)
            outs.append(out)
        print("step matches forward:", torch.allclose(torch.stack(outs, 1), full, atol=1e-5))
        traced = torch.jit.trace(model, (x,))
        ops = [n.kind() for n in traced.inlined_graph.nodes() if "split" in n.kind()]
        print("trace:", torch.allclose(traced(x), model(x), atol=1e-5), ops[:2], len(ops))
        ep = torch.export.export(model, (x,))
        splits = sorted({str(n.target) for n in ep.graph.nodes if n.op == "call_function" and "split" in str(n.target)})
        print("export:", torch.allclose(ep.module()(x), model(x), atol=1e-5), splits)


if __name__ == "__main__":
    main()
