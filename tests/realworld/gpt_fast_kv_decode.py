# Real-program corpus (tests/realworld, see README.md): the shape of pytorch-labs/gpt-fast
# (pytorch-labs/gpt-fast @ 32971d31: model.py, generate.py, quantize.py, tp.py). It exercises the
# first lines such inference scripts start with (`import torch._dynamo.config`, torch._inductor and
# torch._functorch config flags, `os.uname().sysname` guarding the functional-collectives import),
# a dataclass ModelArgs found by fuzzy name with __post_init__ sizes, llama-3.1 rope scaling, KV caches
# as module buffers written with `k_out[:, :, input_pos] = k_val`, grouped-query attention through
# `map(lambda x: x.transpose(1, 2), (q, k, v))` and `repeat_interleave` of an int, SDPA with a boolean
# mask row, a load_state_dict pre-hook that fuses wq/wk/wv, prefill then one-token decoding with
# the exponential-race sampler (`probs / q` with q ~ Exp(1)), weight-only int8 per-channel
# quantization, and the decode step under torch.compile(fullgraph=True) (greedy, so the compiled and
# eager tokens must agree). Changes: a tiny random model instead of a checkpoint, integer prompts
# instead of a tokenizer, no timing or memory lines, greedy decoding under torch.compile.
# Written for Kiln, not copied.
import itertools
import math
import os
from dataclasses import dataclass
from typing import Optional

import torch
import torch._dynamo.config
import torch._inductor.config
import torch.nn as nn
from torch import Tensor
from torch.nn import functional as F

torch._inductor.config.coordinate_descent_tuning = True
torch._inductor.config.fx_graph_cache = True
torch._functorch.config.enable_autograd_cache = True

if os.uname().sysname != "Darwin":
    from torch.distributed import _functional_collectives as funcol
else:
    funcol = None
print("funcol available:", funcol is not None)


def find_multiple(n: int, k: int) -> int:
    if n % k == 0:
        return n
    return n + k - (n % k)


@dataclass
class ModelArgs:
    block_size: int = 64
    vocab_size: int = 96
    n_layer: int = 2
    n_head: int = 4
    dim: int = 32
    intermediate_size: int = None
    n_local_heads: int = -1
    head_dim: int = 8
    rope_base: float = 10000
    norm_eps: float = 1e-5
    rope_scaling: Optional[dict] = None

    def __post_init__(self):
        if self.n_local_heads == -1:
            self.n_local_heads = self.n_head
        if self.intermediate_size is None:
            hidden_dim = 4 * self.dim
            n_hidden = int(2 * hidden_dim / 3)
            self.intermediate_size = find_multiple(n_hidden, 16)
        self.head_dim = self.dim // self.n_head

    @classmethod
    def from_name(cls, name: str):
        if name in configs:
            return cls(**configs[name])
        found = [c for c in configs if c.lower() in str(name).lower()]
        if len(found) > 1:
            found.sort(key=len, reverse=True)
            assert len(found[0]) != len(found[1]), name
        return cls(**configs[found[0]])


configs = {
    "tiny": dict(n_layer=2, n_head=4, dim=32),
    "tiny-gqa": dict(n_layer=2, n_head=4, n_local_heads=2, dim=32, rope_base=500000,
                     rope_scaling=dict(factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0,
                                       original_max_position_embeddings=16)),
}


class KVCache(nn.Module):
    def __init__(self, max_batch_size, max_seq_length, n_heads, head_dim, dtype=torch.float32):
        super().__init__()
        shape = (max_batch_size, n_heads, max_seq_length, head_dim)
        self.register_buffer("k_cache", torch.zeros(shape, dtype=dtype))
        self.register_buffer("v_cache", torch.zeros(shape, dtype=dtype))

    def update(self, input_pos, k_val, v_val):
        assert input_pos.shape[0] == k_val.shape[2]
        k_out = self.k_cache
        v_out = self.v_cache
        k_out[:, :, input_pos] = k_val
        v_out[:, :, input_pos] = v_val
        return k_out, v_out


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)

    def forward(self, x: Tensor) -> Tensor:
        return self._norm(x.float()).type_as(x) * self.weight


def apply_rope_scaling(freqs, rope_scaling):
    factor = rope_scaling["factor"]
    low, high = rope_scaling["low_freq_factor"], rope_scaling["high_freq_factor"]
    old_context_len = rope_scaling["original_max_position_embeddings"]
    low_wavelen, high_wavelen = old_context_len / low, old_context_len / high
    new_freqs = []
    for freq in freqs:
        wavelen = 2 * math.pi / freq
        if wavelen < high_wavelen:
            new_freqs.append(freq)
        elif wavelen > low_wavelen:
            new_freqs.append(freq / factor)
        else:
            smooth = (old_context_len / wavelen - low) / (high - low)
            new_freqs.append((1 - smooth) * freq / factor + smooth * freq)
    return torch.tensor(new_freqs, dtype=freqs.dtype)


def precompute_freqs_cis(seq_len, n_elem, base=10000, dtype=torch.float32, rope_scaling=None):
    freqs = 1.0 / (base ** (torch.arange(0, n_elem, 2)[: (n_elem // 2)].float() / n_elem))
    if rope_scaling is not None:
        freqs = apply_rope_scaling(freqs, rope_scaling)
    t = torch.arange(seq_len)
    freqs = torch.outer(t, freqs)
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
    return torch.stack([freqs_cis.real, freqs_cis.imag], dim=-1).to(dtype=dtype)


def apply_rotary_emb(x: Tensor, freqs_cis: Tensor) -> Tensor:
    xshaped = x.float().reshape(*x.shape[:-1], -1, 2)
    freqs_cis = freqs_cis.view(1, xshaped.size(1), 1, xshaped.size(3), 2)
    x_out2 = torch.stack([
        xshaped[..., 0] * freqs_cis[..., 0] - xshaped[..., 1] * freqs_cis[..., 1],
        xshaped[..., 1] * freqs_cis[..., 0] + xshaped[..., 0] * freqs_cis[..., 1],
    ], -1)
    return x_out2.flatten(3).type_as(x)


class Attention(nn.Module):
    def __init__(self, config: ModelArgs):
        super().__init__()
        total_head_dim = (config.n_head + 2 * config.n_local_heads) * config.head_dim
        self.wqkv = nn.Linear(config.dim, total_head_dim, bias=False)
        self.wo = nn.Linear(config.dim, config.dim, bias=False)
        self.kv_cache = None
        self.n_head, self.head_dim = config.n_head, config.head_dim
        self.n_local_heads, self.dim = config.n_local_heads, config.dim
        self._register_load_state_dict_pre_hook(self.load_hook)

    def load_hook(self, state_dict, prefix, *args):
        if prefix + "wq.weight" in state_dict:
            wq = state_dict.pop(prefix + "wq.weight")
            wk = state_dict.pop(prefix + "wk.weight")
            wv = state_dict.pop(prefix + "wv.weight")
            state_dict[prefix + "wqkv.weight"] = torch.cat([wq, wk, wv])

    def forward(self, x, freqs_cis, mask, input_pos=None):
        bsz, seqlen, _ = x.shape
        kv_size = self.n_local_heads * self.head_dim
        q, k, v = self.wqkv(x).split([self.dim, kv_size, kv_size], dim=-1)
        q = q.view(bsz, seqlen, self.n_head, self.head_dim)
        k = k.view(bsz, seqlen, self.n_local_heads, self.head_dim)
        v = v.view(bsz, seqlen, self.n_local_heads, self.head_dim)
        q = apply_rotary_emb(q, freqs_cis)
        k = apply_rotary_emb(k, freqs_cis)
        q, k, v = map(lambda x: x.transpose(1, 2), (q, k, v))
        if self.kv_cache is not None:
            k, v = self.kv_cache.update(input_pos, k, v)
        k = k.repeat_interleave(self.n_head // self.n_local_heads, dim=1)
        v = v.repeat_interleave(self.n_head // self.n_local_heads, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=0.0)
        y = y.transpose(1, 2).contiguous().view(bsz, seqlen, self.dim)
        return self.wo(y)


class FeedForward(nn.Module):
    def __init__(self, config: ModelArgs):
        super().__init__()
        self.w1 = nn.Linear(config.dim, config.intermediate_size, bias=False)
        self.w3 = nn.Linear(config.dim, config.intermediate_size, bias=False)
        self.w2 = nn.Linear(config.intermediate_size, config.dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, config: ModelArgs):
        super().__init__()
        self.attention = Attention(config)
        self.feed_forward = FeedForward(config)
        self.ffn_norm = RMSNorm(config.dim, config.norm_eps)
        self.attention_norm = RMSNorm(config.dim, config.norm_eps)

    def forward(self, x, input_pos, freqs_cis, mask):
        h = x + self.attention(self.attention_norm(x), freqs_cis, mask, input_pos)
        return h + self.feed_forward(self.ffn_norm(h))


class Transformer(nn.Module):
    def __init__(self, config: ModelArgs):
        super().__init__()
        self.config = config
        self.tok_embeddings = nn.Embedding(config.vocab_size, config.dim)
        self.layers = nn.ModuleList(TransformerBlock(config) for _ in range(config.n_layer))
        self.norm = RMSNorm(config.dim, eps=config.norm_eps)
        self.output = nn.Linear(config.dim, config.vocab_size, bias=False)
        self.freqs_cis: Optional[Tensor] = None
        self.max_batch_size = -1
        self.max_seq_length = -1

    def setup_caches(self, max_batch_size, max_seq_length):
        if self.max_seq_length >= max_seq_length and self.max_batch_size >= max_batch_size:
            return
        head_dim = self.config.dim // self.config.n_head
        max_seq_length = find_multiple(max_seq_length, 8)
        self.max_seq_length, self.max_batch_size = max_seq_length, max_batch_size
        dtype = self.output.weight.dtype
        if hasattr(self.output, "scales"):
            dtype = self.output.scales.dtype
        for b in self.layers:
            b.attention.kv_cache = KVCache(max_batch_size, max_seq_length, self.config.n_local_heads, head_dim, dtype)
        self.freqs_cis = precompute_freqs_cis(self.config.block_size, head_dim, self.config.rope_base, dtype,
                                              self.config.rope_scaling)
        self.causal_mask = torch.tril(torch.ones(self.max_seq_length, self.max_seq_length, dtype=torch.bool))

    def forward(self, idx, input_pos=None):
        assert self.freqs_cis is not None, "Caches must be initialized first"
        mask = self.causal_mask[None, None, input_pos]
        freqs_cis = self.freqs_cis[input_pos]
        x = self.tok_embeddings(idx)
        for layer in self.layers:
            x = layer(x, input_pos, freqs_cis, mask)
        return self.output(self.norm(x))

    @classmethod
    def from_name(cls, name):
        return cls(ModelArgs.from_name(name))


# --- generate.py ----------------------------------------------------------------------------------
def multinomial_sample_one_no_sync(probs_sort):
    q = torch.empty_like(probs_sort).exponential_(1)
    return torch.argmax(probs_sort / q, dim=-1, keepdim=True).to(dtype=torch.int)


def logits_to_probs(logits, temperature=1.0, top_k=None):
    logits = logits / max(temperature, 1e-5)
    if top_k is not None:
        v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
        pivot = v.select(-1, -1).unsqueeze(-1)
        logits = torch.where(logits < pivot, -float("Inf"), logits)
    return torch.nn.functional.softmax(logits, dim=-1)


def sample(logits, temperature=1.0, top_k=None):
    probs = logits_to_probs(logits[:, -1], temperature, top_k)
    return multinomial_sample_one_no_sync(probs), probs


def greedy(logits, **unused):
    probs = torch.softmax(logits[:, -1], dim=-1)
    return torch.argmax(probs, dim=-1, keepdim=True).to(dtype=torch.int), probs


def prefill(model, x, input_pos, sampler, **kw):
    return sampler(model(x, input_pos), **kw)[0]


def decode_one_token(model, x, input_pos, sampler=sample, **kw):
    assert input_pos.shape[-1] == 1
    return sampler(model(x, input_pos), **kw)


def decode_n_tokens(step, model, cur_token, input_pos, num_new_tokens, **kw):
    new_tokens, new_probs = [], []
    for _ in range(num_new_tokens):
        next_token, next_prob = step(model, cur_token, input_pos, **kw)
        input_pos += 1
        new_tokens.append(next_token.clone())
        new_probs.append(next_prob.clone())
        cur_token = next_token.clone()
    return new_tokens, new_probs


@torch.no_grad()
def generate(model, prompt, max_new_tokens, batch_size=1, step=decode_one_token, sampler=sample, **kw):
    T = prompt.size(-1)
    T_new = T + max_new_tokens
    model.setup_caches(max_batch_size=batch_size, max_seq_length=T_new)
    seq = torch.empty(batch_size, T_new, dtype=prompt.dtype)
    prompt = prompt.view(1, -1).repeat(batch_size, 1)
    seq[:, :T] = prompt
    input_pos = torch.arange(0, T)
    next_token = prefill(model, prompt.view(batch_size, -1), input_pos, sampler, **kw).clone()
    seq[:, T] = next_token.squeeze()
    input_pos = torch.tensor([T], dtype=torch.int)
    generated, _ = decode_n_tokens(step, model, next_token.view(batch_size, -1), input_pos, max_new_tokens - 1,
                                   sampler=sampler, **kw)
    seq[:, T + 1:] = torch.cat(generated, dim=-1)
    return seq


def model_size(model):
    size, params = 0, 0
    for name, child in model.named_children():
        if not isinstance(child, torch.nn.Embedding):
            size += sum(p.numel() * p.dtype.itemsize for p in itertools.chain(child.parameters(), child.buffers()))
            params += sum(p.numel() for p in itertools.chain(child.parameters(), child.buffers()))
    return size, params


# --- quantize.py: weight-only int8, per output channel ----------------------------------------------
def dynamically_quantize_per_channel(x, quant_min, quant_max, target_dtype):
    eps = torch.finfo(torch.float32).eps
    min_val, max_val = torch.aminmax(x, dim=1)
    min_val_neg = torch.min(min_val, torch.zeros_like(min_val))
    max_val_pos = torch.max(max_val, torch.zeros_like(max_val))
    max_val_pos = torch.max(-min_val_neg, max_val_pos)
    scales = max_val_pos / (float(quant_max - quant_min) / 2)
    scales = torch.clamp(scales, min=eps).to(x.dtype)
    zero_points = torch.zeros(min_val_neg.size(), dtype=torch.int64)
    x_div = x / scales.unsqueeze(-1)
    x_round = torch.round(x_div)
    x_zp = x_round + zero_points.unsqueeze(-1)
    quant = torch.clamp(x_zp, quant_min, quant_max).to(target_dtype)
    return quant, scales, zero_points


class WeightOnlyInt8Linear(torch.nn.Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.register_buffer("weight", torch.empty((out_features, in_features), dtype=torch.int8))
        self.register_buffer("scales", torch.ones(out_features, dtype=torch.float32))

    def forward(self, input):
        return F.linear(input, self.weight.to(dtype=input.dtype)) * self.scales


def replace_linear_weight_only_int8_per_channel(module):
    for name, child in module.named_children():
        if isinstance(child, nn.Linear):
            setattr(module, name, WeightOnlyInt8Linear(child.in_features, child.out_features))
        else:
            replace_linear_weight_only_int8_per_channel(child)


def create_quantized_state_dict(model):
    cur_state_dict = model.state_dict()
    for fqn, mod in model.named_modules():
        if isinstance(mod, torch.nn.Linear):
            int8_weight, scales, _ = dynamically_quantize_per_channel(mod.weight.float(), -128, 127, torch.int8)
            cur_state_dict[f"{fqn}.weight"] = int8_weight
            cur_state_dict[f"{fqn}.scales"] = scales.to(mod.weight.dtype)
    return cur_state_dict


# --- the runs ---------------------------------------------------------------------------------------
torch.manual_seed(0)
args = ModelArgs.from_name("tiny-gqa-chat")
print(args)
model = Transformer(args).eval()
# a checkpoint with separate q/k/v projections, fused by the load hook
sd = {}
for k, v in model.state_dict().items():
    if k.endswith("wqkv.weight"):
        wq, wk, wv = v.split([args.dim, args.n_local_heads * args.head_dim, args.n_local_heads * args.head_dim])
        base = k[: -len("wqkv.weight")]
        sd[base + "wq.weight"], sd[base + "wk.weight"], sd[base + "wv.weight"] = wq, wk, wv
    else:
        sd[k] = v
print(sorted(sd)[:4], len(sd))
model.load_state_dict(sd, assign=True)
size, params = model_size(model)
print("model size:", size, "params:", params)

prompt = torch.tensor([1, 5, 9, 13, 17, 21], dtype=torch.int)
torch.manual_seed(1234)
y = generate(model, prompt, 8, batch_size=2, temperature=0.8, top_k=20)
print("sampled:", y.tolist())
model.max_seq_length = -1  # fresh caches for batch size 1, as a new generation would get
eager = generate(model, prompt, 8, sampler=greedy)
print("greedy:", eager[0].tolist())

step = torch.compile(decode_one_token, mode="reduce-overhead", fullgraph=True)
model.max_seq_length = -1
compiled = generate(model, prompt, 8, step=step, sampler=greedy)
print("compiled greedy:", compiled[0].tolist(), torch.equal(compiled, eager))

qmodel = Transformer(ModelArgs.from_name("tiny")).eval()
qsd = create_quantized_state_dict(qmodel)
replace_linear_weight_only_int8_per_channel(qmodel)
qmodel.load_state_dict(qsd, assign=True)
print(qmodel.layers[0].attention.wqkv.weight.dtype, qmodel.output.scales.shape)
q_out = generate(qmodel, prompt, 6, sampler=greedy)
print("int8 greedy:", q_out[0].tolist())
print("Batch Size: 2, Prompt Length:", prompt.size(-1))
