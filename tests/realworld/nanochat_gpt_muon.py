# Real-program corpus (tests/realworld, see README.md): the model and optimizer of karpathy/nanochat @
# 92d63d4e8bb4df75c3b71618f31ddde2378b2bcd (nanochat/gpt.py, nanochat/optim.py, nanochat/engine.py,
# nanochat/flash_attention.py's SDPA fallback): a GPT built under `with torch.device("meta")` and
# materialised with to_empty + an @torch.no_grad init_weights (uniform/zeros/normal inits, per-layer
# scalars written through .data[i]), a Linear subclass casting its weight to the input dtype,
# parameter-free RMSNorm (F.rms_norm), rotary embeddings as non-persistent buffers, QK norm, grouped-query
# attention through scaled_dot_product_attention(enable_gqa=True), a relu^2 MLP, value embeddings
# gated per head on alternating layers, the "smear" bigram gate, a mid-network "backout" residual and
# tanh logit soft-capping; the mixed optimizer: AdamW groups stepped by a torch.compile(dynamic=False,
# fullgraph=True) kernel fed 0-d CPU tensor hyperparameters (fill_ each step), Muon groups of stacked
# same-shape matrices orthogonalised by the Polar Express iteration with NorMuon variance reduction and
# cautious weight decay, param groups built from sorted shapes; then generation: the naive
# generate (a generator with a seeded torch.Generator, top-k, multinomial) against a KV-cache engine that
# prefills once and decodes token by token, the two compared at temperature 0 as engine.py's __main__ does.
# Written for Kiln, not copied. Changes from the origin: a tiny config (4 layers, 64 wide, vocabulary 100
# padded to 128), fp32 compute, one process (no distributed paths), sliding windows kept at full context.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1337)


@dataclass
class GPTConfig:
    sequence_len: int = 32
    vocab_size: int = 100
    n_layer: int = 4
    n_head: int = 4
    n_kv_head: int = 2
    n_embd: int = 64


def norm(x):
    return F.rms_norm(x, (x.size(-1),))


class CastLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(dtype=x.dtype))


def has_value_embed(i, n_layer):
    return i % 2 == (n_layer - 1) % 2


def rotate(x, cos, sin):
    half = x.shape[3] // 2
    a, b = x[..., :half], x[..., half:]
    return torch.cat([a * cos + b * sin, a * (-sin) + b * cos], 3)


class KVCache:
    def __init__(self, batch, heads, length, head_dim, layers):
        self.k = torch.zeros(layers, batch, length, heads, head_dim)
        self.v = torch.zeros(layers, batch, length, heads, head_dim)
        self.seqlens = torch.zeros(batch, dtype=torch.int32)
        self.layers = layers
        self.prev = None

    def pos(self):
        return self.seqlens[0].item()


class Attention(nn.Module):
    def __init__(self, cfg, i):
        super().__init__()
        self.i, self.h, self.kvh = i, cfg.n_head, cfg.n_kv_head
        self.d = cfg.n_embd // cfg.n_head
        self.q = CastLinear(cfg.n_embd, self.h * self.d, bias=False)
        self.k = CastLinear(cfg.n_embd, self.kvh * self.d, bias=False)
        self.v = CastLinear(cfg.n_embd, self.kvh * self.d, bias=False)
        self.proj = CastLinear(cfg.n_embd, cfg.n_embd, bias=False)
        self.ve_gate = CastLinear(12, self.kvh, bias=False) if has_value_embed(i, cfg.n_layer) else None

    def forward(self, x, ve, cos_sin, cache):
        B, T, C = x.size()
        q = self.q(x).view(B, T, self.h, self.d)
        k = self.k(x).view(B, T, self.kvh, self.d)
        v = self.v(x).view(B, T, self.kvh, self.d)
        if ve is not None:
            gate = 3 * torch.sigmoid(self.ve_gate(x[..., :12]))
            v = v + gate.unsqueeze(-1) * ve.view(B, T, self.kvh, self.d)
        cos, sin = cos_sin
        q, k = norm(rotate(q, cos, sin)) * 1.2, norm(rotate(k, cos, sin)) * 1.2
        if cache is None:
            y = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
                                               is_causal=True, enable_gqa=True)
        else:
            pos = cache.pos()
            cache.k[self.i, :, pos:pos + T] = k
            cache.v[self.i, :, pos:pos + T] = v
            kf, vf = cache.k[self.i, :, :pos + T], cache.v[self.i, :, :pos + T]
            rows = pos + torch.arange(T).unsqueeze(1)
            allowed = torch.arange(pos + T).unsqueeze(0) <= rows
            y = F.scaled_dot_product_attention(q.transpose(1, 2), kf.transpose(1, 2), vf.transpose(1, 2),
                                               attn_mask=allowed, enable_gqa=True)
            if self.i == cache.layers - 1:
                cache.seqlens += T
        return self.proj(y.transpose(1, 2).contiguous().view(B, T, -1))


class Block(nn.Module):
    def __init__(self, cfg, i):
        super().__init__()
        self.attn = Attention(cfg, i)
        self.fc = CastLinear(cfg.n_embd, 4 * cfg.n_embd, bias=False)
        self.out = CastLinear(4 * cfg.n_embd, cfg.n_embd, bias=False)

    def forward(self, x, ve, cos_sin, cache):
        x = x + self.attn(norm(x), ve, cos_sin, cache)
        return x + self.out(F.relu(self.fc(norm(x))).square())


class GPT(nn.Module):
    def __init__(self, cfg, pad_to=64):
        super().__init__()
        self.cfg = cfg
        vocab = (cfg.vocab_size + pad_to - 1) // pad_to * pad_to
        self.transformer = nn.ModuleDict({"wte": nn.Embedding(vocab, cfg.n_embd),
                                          "h": nn.ModuleList([Block(cfg, i) for i in range(cfg.n_layer)])})
        self.lm_head = CastLinear(cfg.n_embd, vocab, bias=False)
        self.resid_lambdas = nn.Parameter(torch.ones(cfg.n_layer))
        self.x0_lambdas = nn.Parameter(torch.zeros(cfg.n_layer))
        self.smear_gate = CastLinear(24, 1, bias=False)
        self.smear_lambda = nn.Parameter(torch.zeros(1))
        self.backout_lambda = nn.Parameter(0.2 * torch.ones(1))
        kv_dim = cfg.n_kv_head * cfg.n_embd // cfg.n_head
        self.value_embeds = nn.ModuleDict({str(i): nn.Embedding(vocab, kv_dim)
                                           for i in range(cfg.n_layer) if has_value_embed(i, cfg.n_layer)})
        cos, sin = self._rotary(cfg.sequence_len * 4, cfg.n_embd // cfg.n_head)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)

    def _rotary(self, length, head_dim, base=100000):
        inv = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim))
        freqs = torch.outer(torch.arange(length, dtype=torch.float32), inv)
        return freqs.cos()[None, :, None, :], freqs.sin()[None, :, None, :]

    @torch.no_grad()
    def init_weights(self):
        n = self.cfg.n_embd
        s = 3 ** 0.5 * n ** -0.5
        nn.init.normal_(self.transformer.wte.weight, mean=0.0, std=0.8)
        nn.init.normal_(self.lm_head.weight, mean=0.0, std=0.05)
        for blk in self.transformer.h:
            for lin in (blk.attn.q, blk.attn.k, blk.attn.v):
                nn.init.uniform_(lin.weight, -s, s)
            nn.init.uniform_(blk.fc.weight, -0.4 * s, 0.4 * s)
            nn.init.zeros_(blk.attn.proj.weight)
            nn.init.zeros_(blk.out.weight)
            if blk.attn.ve_gate is not None:
                nn.init.uniform_(blk.attn.ve_gate.weight, 0.0, 0.02)
        L = self.cfg.n_layer
        for i in range(L):
            self.resid_lambdas.data[i] = 1.15 - 0.10 * i / max(L - 1, 1)
            self.x0_lambdas.data[i] = 0.20 - 0.15 * i / max(L - 1, 1)
        nn.init.zeros_(self.smear_lambda)
        nn.init.constant_(self.backout_lambda, 0.2)
        nn.init.uniform_(self.smear_gate.weight, 0.0, 0.02)
        for ve in self.value_embeds.values():
            nn.init.uniform_(ve.weight, -s, s)
        self.cos, self.sin = self._rotary(self.cfg.sequence_len * 4, n // self.cfg.n_head)

    def forward(self, idx, targets=None, cache=None):
        B, T = idx.size()
        t0 = 0 if cache is None else cache.pos()
        cos_sin = self.cos[:, t0:t0 + T], self.sin[:, t0:t0 + T]
        x = norm(self.transformer.wte(idx))
        if cache is None or T > 1:
            if cache is not None:
                cache.prev = x[:, -1:, :]
            gate = self.smear_lambda * torch.sigmoid(self.smear_gate(x[:, 1:, :24]))
            x = torch.cat([x[:, :1], x[:, 1:] + gate * x[:, :-1]], dim=1)
        else:
            prev, cache.prev = cache.prev, x[:, -1:, :]
            x = x + self.smear_lambda * torch.sigmoid(self.smear_gate(x[:, :, :24])) * prev
        x0, mid = x, None
        for i, blk in enumerate(self.transformer.h):
            x = self.resid_lambdas[i] * x + self.x0_lambdas[i] * x0
            ve = self.value_embeds[str(i)](idx) if str(i) in self.value_embeds else None
            x = blk(x, ve, cos_sin, cache)
            if i == self.cfg.n_layer // 2:
                mid = x
        x = norm(x - self.backout_lambda * mid)
        logits = self.lm_head(x)[..., :self.cfg.vocab_size].float()
        logits = 15 * torch.tanh(logits / 15)
        if targets is None:
            return logits
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)

    @torch.inference_mode()
    def generate(self, tokens, max_tokens, temperature=1.0, top_k=None, seed=42):
        rng = torch.Generator(device="cpu")
        rng.manual_seed(seed)
        ids = torch.tensor([tokens], dtype=torch.long)
        for _ in range(max_tokens):
            logits = self.forward(ids)[:, -1, :]
            if top_k is not None:
                v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
                logits[logits < v[:, [-1]]] = -float("Inf")
            if temperature > 0:
                nxt = torch.multinomial(F.softmax(logits / temperature, dim=-1), num_samples=1, generator=rng)
            else:
                nxt = torch.argmax(logits, dim=-1, keepdim=True)
            ids = torch.cat((ids, nxt), dim=1)
            yield nxt.item()


@torch.compile(dynamic=False, fullgraph=True)
def adamw_step(p, grad, m, v, step_t, lr_t, b1_t, b2_t, eps_t, wd_t):
    p.mul_(1 - lr_t * wd_t)
    m.lerp_(grad, 1 - b1_t)
    v.lerp_(grad.square(), 1 - b2_t)
    denom = (v / (1 - b2_t ** step_t)).sqrt() + eps_t
    p.add_(m / denom * (-lr_t / (1 - b1_t ** step_t)))


POLAR = [(8.156554524902461, -22.48329292557795, 15.878769915207462),
         (4.042929935166739, -2.808917465908714, 0.5000178451051316),
         (3.8916678022926607, -2.772484153217685, 0.5060648178503393),
         (3.285753657755655, -2.3681294933425376, 0.46449024233003106),
         (2.3465413258596377, -1.7097828382687081, 0.42323551169305323)]


def muon_step(grads, params, mom, second, momentum, lr, wd, beta2, red_dim):
    mom.lerp_(grads, 1 - momentum)
    g = grads.lerp_(mom, momentum)
    X = g / (g.norm(dim=(-2, -1), keepdim=True) * 1.01 + 1e-6)
    tall = g.size(-2) > g.size(-1)
    for a, b, c in POLAR:
        A = X.mT @ X if tall else X @ X.mT
        B = b * A + c * (A @ A)
        X = a * X + (X @ B if tall else B @ X)
    g = X * (min(g.size(-2), g.size(-1)) ** 0.5 / X.norm(dim=(-2, -1), keepdim=True).clamp_min(1e-6))
    v_mean = g.square().mean(dim=red_dim, keepdim=True)
    size = g.size(red_dim)
    v_norm = (v_mean.sum(dim=(-2, -1), keepdim=True) * size).sqrt()
    second.lerp_(v_mean, 1 - beta2)
    step = second.clamp_min(1e-10).rsqrt()
    new_norm = ((v_mean * size) * step.square()).sum(dim=(-2, -1), keepdim=True).sqrt()
    g = g * (step * (v_norm / new_norm.clamp_min(1e-10)))
    cautious = (g * params) >= 0
    params.sub_(lr * g + lr * wd * params * cautious)


class MuonAdamW(torch.optim.Optimizer):
    def __init__(self, groups):
        super().__init__(groups, defaults={})
        self.t = {k: torch.tensor(0.0) for k in ("step", "lr", "b1", "b2", "eps", "wd")}

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            if group["kind"] == "adamw":
                for p in group["params"]:
                    st = self.state[p]
                    if not st:
                        st["step"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
                    st["step"] += 1
                    for k, val in (("step", st["step"]), ("lr", group["lr"]), ("b1", group["betas"][0]),
                                   ("b2", group["betas"][1]), ("eps", group["eps"]), ("wd", group["weight_decay"])):
                        self.t[k].fill_(val)
                    adamw_step(p, p.grad, st["m"], st["v"], self.t["step"], self.t["lr"], self.t["b1"],
                               self.t["b2"], self.t["eps"], self.t["wd"])
            else:
                params = group["params"]
                shape = params[0].shape
                st = self.state[params[0]]
                if not st:
                    st["mom"] = torch.zeros(len(params), *shape)
                    side = (len(params), shape[-2], 1) if shape[-2] >= shape[-1] else (len(params), 1, shape[-1])
                    st["second"] = torch.zeros(side)
                stacked = torch.stack(params)
                lr = group["lr"] * max(1.0, shape[-2] / shape[-1]) ** 0.5
                muon_step(torch.stack([p.grad for p in params]), stacked, st["mom"], st["second"], group["momentum"],
                          lr, group["weight_decay"], group["beta2"], -1 if shape[-2] >= shape[-1] else -2)
                torch._foreach_copy_(params, list(stacked.unbind(0)))


def setup_optimizer(model):
    matrices = list(model.transformer.h.parameters())
    scale = (model.cfg.n_embd / 768) ** -0.5
    groups = [dict(kind="adamw", params=list(model.lm_head.parameters()), lr=0.004 * scale, betas=(0.8, 0.96),
                   eps=1e-10, weight_decay=0.01),
              dict(kind="adamw", params=list(model.transformer.wte.parameters()), lr=0.2 * scale, betas=(0.8, 0.995),
                   eps=1e-10, weight_decay=0.001),
              dict(kind="adamw", params=list(model.value_embeds.parameters()), lr=0.1 * scale, betas=(0.8, 0.995),
                   eps=1e-10, weight_decay=0.01),
              dict(kind="adamw", params=[model.resid_lambdas, model.x0_lambdas], lr=0.005, betas=(0.8, 0.95),
                   eps=1e-10, weight_decay=0.0),
              dict(kind="adamw", params=[model.smear_gate.weight, model.smear_lambda, model.backout_lambda], lr=0.2,
                   betas=(0.8, 0.95), eps=1e-10, weight_decay=0.0)]
    for shape in sorted({p.shape for p in matrices}):
        groups.append(dict(kind="muon", params=[p for p in matrices if p.shape == shape], lr=0.02, momentum=0.95,
                           beta2=0.9, weight_decay=0.0))
    return MuonAdamW(groups)


cfg = GPTConfig()
with torch.device("meta"):
    model = GPT(cfg)
print("meta:", model.lm_head.weight.device, model.cos.shape)
model.to_empty(device="cpu")
model.init_weights()
print("params:", sum(p.numel() for p in model.parameters()), "buffers in state_dict:",
      [k for k in model.state_dict() if "cos" in k or "sin" in k])
opt = setup_optimizer(model)
print("groups:", [(g["kind"], len(g["params"])) for g in opt.param_groups])
data = torch.randint(0, cfg.vocab_size, (4, cfg.sequence_len + 1))
inputs, targets = data[:, :-1].contiguous(), data[:, 1:].contiguous()
for step in range(6):
    loss = model(inputs, targets)
    loss.backward()
    opt.step()
    model.zero_grad(set_to_none=True)
    print(f"step {step} loss {loss.item():.4f}")
print("resid lambdas", [round(v, 4) for v in model.resid_lambdas.tolist()])

prompt = [5, 17, 42, 7]
sampled = list(model.generate(prompt, max_tokens=8, temperature=1.0, top_k=20, seed=3))
print("sampled", sampled)
greedy = list(model.generate(prompt, max_tokens=8, temperature=0.0))
with torch.inference_mode():
    d = cfg.n_embd // cfg.n_head
    cache = KVCache(1, cfg.n_kv_head, len(prompt) + 8, d, cfg.n_layer)
    logits = model(torch.tensor([prompt]), cache=cache)[:, -1, :]
    cached = []
    for _ in range(8):
        nxt = int(logits.argmax(dim=-1).item())
        cached.append(nxt)
        logits = model(torch.tensor([[nxt]]), cache=cache)[:, -1, :]
print("greedy", greedy, "kv-cache engine matches:", greedy == cached, "cache position", cache.pos())
