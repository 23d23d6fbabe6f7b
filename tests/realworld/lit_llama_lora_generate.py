# Real-program corpus (tests/realworld, see README.md): the LLaMA fine-tuning and generation workflow
# of Lightning-AI/lit-llama @ 2a464de2a1d2f266614d15091d3d7f30330c3ede (lit_llama/model.py, lora.py,
# utils.py, generate.py, finetune/lora.py): the top-level imports that file makes
# (typing_extensions.Self, torch.utils._device, torch.distributed.fsdp's FullyShardedDataParallel,
# StateDictType and FullStateDictConfig, torch.serialization.normalize_storage_type); a config dataclass
# with a name table and a `from_name(...) -> Self` classmethod; LLaMA with RMSNorm, a SwiGLU MLP sized by
# find_multiple, a rope cache of stacked cos/sin built from the index dtype and applied on
# x.float().reshape(*x.shape[:-1], -1, 2), lazily built rope/mask caches, and per-layer KV caches
# written with index_copy at input_pos (rolled once the window is full); EmptyInitOnDevice, a
# TorchFunctionMode that skips torch.nn.init calls and fills in dtype for the factory functions of
# torch.utils._device._device_constructors(); LoRA through a context manager that swaps the attention
# class for one whose qkv projection is a merged LoRA linear (lora_A/lora_B, scaling alpha/r, merge on
# eval), mark_only_lora_as_trainable and lora_state_dict; a few AdamW fine-tuning steps; generate()
# with top-k multinomial sampling over the cache, and the merged eval model matching the unmerged one.
# Written for Kiln, not copied. Changes from the origin: a tiny config, random weights in place of a
# checkpoint, a character vocabulary instead of the SentencePiece tokenizer, no Fabric.
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils._device
from torch.distributed.fsdp import FullStateDictConfig, FullyShardedDataParallel as FSDP, StateDictType
from torch.serialization import normalize_storage_type
from typing_extensions import Self

torch.manual_seed(1234)
print("imports:", FSDP.__name__, StateDictType.FULL_STATE_DICT, FullStateDictConfig(offload_to_cpu=True),
      callable(normalize_storage_type))


def find_multiple(n: int, k: int) -> int:
    return n if n % k == 0 else n + k - (n % k)


@dataclass
class Config:
    block_size: int = 16
    vocab_size: int = 40
    padded_vocab_size: Optional[int] = None
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 16

    def __post_init__(self):
        if self.padded_vocab_size is None:
            self.padded_vocab_size = find_multiple(self.vocab_size, 16)

    @classmethod
    def from_name(cls, name: str) -> Self:
        return cls(**configs[name])


configs = {"tiny": dict(n_layer=2, n_head=2, n_embd=16), "wide": dict(n_layer=1, n_head=4, n_embd=32)}


class RMSNorm(nn.Module):
    def __init__(self, size, eps=1e-5):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        return self.scale * (x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps))


def rope_cache(seq_len, n_elem, dtype, base=10000):
    theta = 1.0 / (base ** (torch.arange(0, n_elem, 2, dtype=dtype) / n_elem))
    angles = torch.outer(torch.arange(seq_len, dtype=dtype), theta).float()
    return torch.stack([torch.cos(angles), torch.sin(angles)], dim=-1)


def apply_rope(x, cache):
    T = x.size(1)
    pairs = x.float().reshape(*x.shape[:-1], -1, 2)
    cache = cache[:T].view(1, pairs.size(1), 1, pairs.size(3), 2)
    out = torch.stack([pairs[..., 0] * cache[..., 0] - pairs[..., 1] * cache[..., 1],
                       pairs[..., 1] * cache[..., 0] + pairs[..., 0] * cache[..., 1]], -1)
    return out.flatten(3).type_as(x)


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.c_attn = nn.Linear(cfg.n_embd, 3 * cfg.n_embd, bias=False)
        self.c_proj = nn.Linear(cfg.n_embd, cfg.n_embd, bias=False)
        self.n_head, self.n_embd = cfg.n_head, cfg.n_embd

    def forward(self, x, rope, mask, max_len, input_pos=None, kv=None):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        hs = C // self.n_head
        q = apply_rope(q.view(B, T, self.n_head, hs), rope).transpose(1, 2)
        k = apply_rope(k.view(B, T, self.n_head, hs), rope).transpose(1, 2)
        v = v.view(B, T, self.n_head, hs).transpose(1, 2)
        if kv is not None:
            ck, cv = kv
            if input_pos[-1] >= max_len:
                input_pos = torch.tensor(max_len - 1)
                ck, cv = torch.roll(ck, -1, dims=2), torch.roll(cv, -1, dims=2)
            k, v = ck.index_copy(2, input_pos, k), cv.index_copy(2, input_pos, v)
            kv = k, v
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=0.0)
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C)), kv


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        hidden = find_multiple(int(2 * 4 * cfg.n_embd / 3), 32)
        self.c_fc1 = nn.Linear(cfg.n_embd, hidden, bias=False)
        self.c_fc2 = nn.Linear(cfg.n_embd, hidden, bias=False)
        self.c_proj = nn.Linear(hidden, cfg.n_embd, bias=False)

    def forward(self, x):
        return self.c_proj(F.silu(self.c_fc1(x)) * self.c_fc2(x))


class Block(nn.Module):
    attention_cls = Attention

    def __init__(self, cfg):
        super().__init__()
        self.rms_1, self.rms_2 = RMSNorm(cfg.n_embd), RMSNorm(cfg.n_embd)
        self.attn = Block.attention_cls(cfg)
        self.mlp = MLP(cfg)

    def forward(self, x, rope, mask, max_len, input_pos=None, kv=None):
        h, kv = self.attn(self.rms_1(x), rope, mask, max_len, input_pos, kv)
        x = x + h
        return x + self.mlp(self.rms_2(x)), kv


class LLaMA(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.config = cfg
        self.lm_head = nn.Linear(cfg.n_embd, cfg.padded_vocab_size, bias=False)
        self.transformer = nn.ModuleDict(dict(wte=nn.Embedding(cfg.padded_vocab_size, cfg.n_embd),
                                              h=nn.ModuleList(Block(cfg) for _ in range(cfg.n_layer)),
                                              ln_f=RMSNorm(cfg.n_embd)))
        self.rope_cache: Optional[torch.Tensor] = None
        self.mask_cache: Optional[torch.Tensor] = None
        self.kv_caches: List[Tuple[torch.Tensor, torch.Tensor]] = []

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, mean=0.0, std=0.02 / math.sqrt(2 * self.config.n_layer))

    def forward(self, idx, max_seq_length=None, input_pos=None):
        B, T = idx.size()
        max_seq_length = self.config.block_size if max_seq_length is None else max_seq_length
        assert T <= max_seq_length, f"Cannot forward sequence of length {T}, max seq length is only {max_seq_length}"
        if self.rope_cache is None:
            self.rope_cache = rope_cache(self.config.block_size, self.config.n_embd // self.config.n_head, idx.dtype)
        if self.mask_cache is None:
            ones = torch.ones((self.config.block_size, self.config.block_size), dtype=torch.bool)
            self.mask_cache = torch.tril(ones).unsqueeze(0).unsqueeze(0)
        if input_pos is not None:
            rope = self.rope_cache.index_select(0, input_pos)
            mask = self.mask_cache.index_select(2, input_pos)[:, :, :, :max_seq_length]
        else:
            rope, mask = self.rope_cache[:T], self.mask_cache[:, :, :T, :T]
        x = self.transformer.wte(idx)
        if input_pos is None:
            for block in self.transformer.h:
                x, _ = block(x, rope, mask, max_seq_length)
        else:
            if not self.kv_caches:
                shape = (B, self.config.n_head, max_seq_length, self.config.n_embd // self.config.n_head)
                self.kv_caches = [(torch.zeros(shape, dtype=x.dtype), torch.zeros(shape, dtype=x.dtype))
                                  for _ in range(self.config.n_layer)]
            for i, block in enumerate(self.transformer.h):
                x, self.kv_caches[i] = block(x, rope, mask, max_seq_length, input_pos, self.kv_caches[i])
        return self.lm_head(self.transformer.ln_f(x))

    @classmethod
    def from_name(cls, name: str) -> Self:
        return cls(Config.from_name(name))

    def reset_cache(self):
        self.kv_caches.clear()


class EmptyInitOnDevice(torch.overrides.TorchFunctionMode):
    def __init__(self, device=None, dtype=None):
        self.device, self.dtype = device, dtype

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__module__", None) == "torch.nn.init":
            return kwargs["tensor"] if "tensor" in kwargs else args[0]
        if self.device is not None and func in torch.utils._device._device_constructors() and kwargs.get("device") is None:
            kwargs["device"] = self.device
        if self.dtype is not None and func in torch.utils._device._device_constructors() and kwargs.get("dtype") is None:
            kwargs["dtype"] = self.dtype
        return func(*args, **kwargs)


class LoRAQKV(nn.Linear):
    def __init__(self, in_features, out_features, r, alpha, dropout):
        nn.Linear.__init__(self, in_features, out_features, bias=False)
        self.r, self.scaling, self.merged = r, alpha / r, False
        self.lora_dropout = nn.Dropout(p=dropout)
        self.lora_A = nn.Parameter(torch.zeros(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        self.weight.requires_grad = False
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))

    def train(self, mode=True):
        nn.Linear.train(self, mode)
        if not mode and not self.merged:
            self.weight.data += (self.lora_B @ self.lora_A) * self.scaling
            self.merged = True
        elif mode and self.merged:
            self.weight.data -= (self.lora_B @ self.lora_A) * self.scaling
            self.merged = False
        return self

    def forward(self, x):
        out = F.linear(x, self.weight)
        if not self.merged:
            out = out + (self.lora_dropout(x) @ self.lora_A.T @ self.lora_B.T) * self.scaling
        return out


@dataclass
class LoRAConfig:
    r: float
    alpha: float
    dropout: float


class LoRAAttention(Attention):
    lora_config = None

    def __init__(self, cfg):
        nn.Module.__init__(self)
        c = LoRAAttention.lora_config
        self.c_attn = LoRAQKV(cfg.n_embd, 3 * cfg.n_embd, r=c.r, alpha=c.alpha, dropout=c.dropout)
        self.c_proj = nn.Linear(cfg.n_embd, cfg.n_embd, bias=False)
        self.n_head, self.n_embd = cfg.n_head, cfg.n_embd


@contextmanager
def lora(r, alpha, dropout, enabled=True):
    if not enabled:
        yield
        return
    LoRAAttention.lora_config = LoRAConfig(r=r, alpha=alpha, dropout=dropout)
    previous, Block.attention_cls = Block.attention_cls, LoRAAttention
    yield
    Block.attention_cls = previous
    LoRAAttention.lora_config = None


def mark_only_lora_as_trainable(model):
    for n, p in model.named_parameters():
        p.requires_grad = "lora_" in n


def lora_state_dict(model):
    return {k: v for k, v in model.state_dict().items() if "lora_" in k}


@torch.no_grad()
def generate(model, idx, max_new_tokens, max_seq_length, temperature=1.0, top_k=None):
    T = idx.size(0)
    empty = torch.empty(T + max_new_tokens, dtype=idx.dtype)
    empty[:T] = idx
    idx = empty
    input_pos = torch.arange(0, T)
    for _ in range(max_new_tokens):
        x = idx.index_select(0, input_pos).view(1, -1)
        logits = model(x, max_seq_length, input_pos)[0, -1] / temperature
        if top_k is not None:
            v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
            logits = torch.where(logits < v[[-1]], -float("Inf"), logits)
        probs = F.softmax(logits, dim=-1)
        nxt = torch.multinomial(probs, num_samples=1)
        input_pos = input_pos[-1:] + 1
        idx = idx.index_copy(0, input_pos, nxt)
    return idx


chars = sorted(set("the quick brown fox jumps over the lazy dog. lit llama lora!"))
stoi = {c: i for i, c in enumerate(chars)}
text = "the quick brown fox jumps over the lazy dog. " * 3
data = torch.tensor([stoi[c] for c in text])
cfg = Config.from_name("tiny")
cfg.vocab_size = len(chars)
cfg.__post_init__()
print(cfg, isinstance(Config.from_name("wide"), Config))

with EmptyInitOnDevice(dtype=torch.float64):
    probe = LLaMA(cfg)
    inside = torch.zeros(2).dtype
print("EmptyInitOnDevice:", inside, probe.transformer.ln_f.scale.dtype, torch.zeros(1).dtype)

with lora(r=4, alpha=8, dropout=0.0):
    model = LLaMA(cfg)
model.apply(model._init_weights)
mark_only_lora_as_trainable(model)
trainable = [n for n, p in model.named_parameters() if p.requires_grad]
print("trainable:", trainable, sum(p.numel() for p in model.parameters() if p.requires_grad))
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=3e-2, weight_decay=0.01)
for step in range(8):
    starts = torch.randint(0, len(data) - cfg.block_size - 1, (4,))
    x = torch.stack([data[s:s + cfg.block_size] for s in starts])
    y = torch.stack([data[s + 1:s + cfg.block_size + 1] for s in starts])
    logits = model(x)
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1), ignore_index=-1)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    if step % 2 == 0:
        print(f"iter {step}: loss {loss.item():.4f}")
print("lora state dict:", sorted(lora_state_dict(model)))

x = data[:10].view(1, -1)
model.train()
before = model(x)
model.eval()
after = model(x)
print("merged eval matches:", torch.allclose(before, after, atol=1e-5), model.transformer.h[0].attn.c_attn.merged)
prompt = data[:6]
out = generate(model, prompt, max_new_tokens=8, max_seq_length=cfg.block_size, temperature=0.8, top_k=5)
decode = lambda ids: "".join(chars[i] if i < len(chars) else "?" for i in ids)
print("generated:", repr(decode(out.tolist())))
model.reset_cache()
out = generate(model, data[:6], max_new_tokens=8, max_seq_length=8, top_k=1)
print("rolled cache:", repr(decode(out.tolist())), len(model.kv_caches))
