# Real-program corpus (tests/realworld, see README.md): nine ways to write causal multi-head
# attention, the workflow of rasbt/LLMs-from-scratch ch03/02_bonus_efficient-multihead-attention/
# mha-implementations.ipynb @ 28c65cdf (probe 29): the chapter-3 CausalAttention wrapper (a list of
# single-head modules concatenated), the chapter-3 MultiHeadAttention with a triu mask buffer and
# masked_fill_, combined QKV weights with view/permute/unbind, einsum projections with
# kaiming_uniform_ initialisation, F.scaled_dot_product_attention with is_causal and with an explicit
# bool mask (the notebook's "without FlashAttention" variant passes the triu mask as attn_mask, so
# True marks the future it meant to hide and the last row attends to nothing: zeros, not NaN), nn.MultiheadAttention
# with need_weights True and False, and FlexAttention with create_block_mask(causal) made in forward
# (packaging.version gates it, as in the notebook; the notebook also gates it on CUDA, dropped here:
# PyTorch 2.11 runs it on the CPU for inputs that do not require grad, so it runs under no_grad). Each is run on the same embeddings and compiled with
# torch.compile and torch._dynamo.explain, as the notebook's benchmark section compiles them.
# Changed: sizes (batch 2, 32 tokens, 64-dim, 4 heads of 16), no timings or plots, FlexAttention not compiled. Written for Kiln,
# not copied.
import math
import warnings

import torch
import torch.nn as nn
from packaging.version import parse as parse_version

warnings.simplefilter("ignore")
torch.manual_seed(123)
device = torch.device("cpu")
batch_size, context_len, embed_dim = 2, 32, 64
embeddings = torch.randn((batch_size, context_len, embed_dim), device=device)


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, n, _ = x.shape
        keys, queries, values = self.W_key(x), self.W_query(x), self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(self.mask.bool()[:n, :n], -torch.inf)
        attn_weights = self.dropout(torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1))
        return attn_weights @ values


class Ch03_MHA_Wrapper(nn.Module):
    def __init__(self, d_in, d_out, num_heads, context_length, dropout=0.0, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList([CausalAttention(d_in, d_out, context_length, dropout, qkv_bias)
                                    for _ in range(num_heads)])
        self.out_proj = nn.Linear(d_out * num_heads, d_out * num_heads)

    def forward(self, x):
        return self.out_proj(torch.cat([head(x) for head in self.heads], dim=-1))


class Ch03_MHA(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert d_out % num_heads == 0, "d_out must be divisible by num_heads"
        self.d_out, self.num_heads, self.head_dim = d_out, num_heads, d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, n, _ = x.shape
        split = lambda t: t.view(b, n, self.num_heads, self.head_dim).transpose(1, 2)
        keys, queries, values = split(self.W_key(x)), split(self.W_query(x)), split(self.W_value(x))
        attn_scores = queries @ keys.transpose(2, 3)
        attn_scores.masked_fill_(self.mask.bool()[:n, :n], -torch.inf)
        attn_weights = self.dropout(torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1))
        context_vec = (attn_weights @ values).transpose(1, 2).contiguous().view(b, n, self.d_out)
        return self.out_proj(context_vec)


class MultiHeadAttentionCombinedQKV(nn.Module):
    def __init__(self, d_in, d_out, num_heads, context_length, dropout=0.0, qkv_bias=False):
        super().__init__()
        self.num_heads, self.context_length, self.head_dim = num_heads, context_length, d_out // num_heads
        self.qkv = nn.Linear(d_in, 3 * d_out, bias=qkv_bias)
        self.proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, n, e = x.shape
        qkv = self.qkv(x).view(b, n, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        queries, keys, values = qkv.unbind(0)
        attn_scores = (queries @ keys.transpose(-2, -1)).masked_fill(self.mask.bool()[:n, :n], -torch.inf)
        attn_weights = self.dropout(torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1))
        context_vec = (attn_weights @ values).transpose(1, 2).contiguous().view(b, n, e)
        return self.proj(context_vec)


class MHAEinsum(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.d_out, self.num_heads, self.head_dim = d_out, num_heads, d_out // num_heads
        self.W_query = nn.Parameter(torch.randn(d_out, d_in))
        self.W_key = nn.Parameter(torch.randn(d_out, d_in))
        self.W_value = nn.Parameter(torch.randn(d_out, d_in))
        self.bias_q = nn.Parameter(torch.zeros(d_out)) if qkv_bias else None
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))
        for w in (self.W_query, self.W_key, self.W_value):
            nn.init.kaiming_uniform_(w, a=math.sqrt(5))

    def forward(self, x):
        b, n, _ = x.shape
        Q = torch.einsum("bnd,di->bni", x, self.W_query.T)
        K = torch.einsum("bnd,di->bni", x, self.W_key.T)
        V = torch.einsum("bnd,di->bni", x, self.W_value.T)
        Q, K, V = (t.view(b, n, self.num_heads, self.head_dim).transpose(1, 2) for t in (Q, K, V))
        scores = torch.einsum("bhnd,bhmd->bhnm", Q, K) / (self.head_dim ** 0.5)
        scores = scores.masked_fill(self.mask[:n, :n].unsqueeze(0).unsqueeze(1).bool(), -torch.inf)
        attn_weights = self.dropout(torch.softmax(scores, dim=-1))
        context_vec = torch.einsum("bhnm,bhmd->bhnd", attn_weights, V).transpose(1, 2).reshape(b, n, self.d_out)
        return self.out_proj(context_vec)


class MHAPyTorchScaledDotProduct(nn.Module):
    def __init__(self, d_in, d_out, num_heads, context_length, dropout=0.0, qkv_bias=False, explicit_mask=False):
        super().__init__()
        self.num_heads, self.context_length, self.head_dim, self.d_out = num_heads, context_length, d_out // num_heads, d_out
        self.qkv = nn.Linear(d_in, 3 * d_out, bias=qkv_bias)
        self.proj = nn.Linear(d_out, d_out)
        self.dropout = dropout
        self.explicit_mask = explicit_mask
        if explicit_mask:
            self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1).bool())

    def forward(self, x):
        b, n, _ = x.shape
        queries, keys, values = self.qkv(x).view(b, n, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        use_dropout = 0.0 if not self.training else self.dropout
        if self.explicit_mask:
            attn_mask = self.mask[:n, :n] if self.context_length >= n else self.mask[:self.context_length, :self.context_length]
            ctx = nn.functional.scaled_dot_product_attention(queries, keys, values, attn_mask=attn_mask,
                                                             dropout_p=use_dropout, is_causal=False)
        else:
            ctx = nn.functional.scaled_dot_product_attention(queries, keys, values, attn_mask=None,
                                                             dropout_p=use_dropout, is_causal=True)
        return self.proj(ctx.transpose(1, 2).contiguous().view(b, n, self.d_out))


class MHAPyTorchClass(nn.Module):
    def __init__(self, d_in, d_out, num_heads, context_length, dropout=0.0, qkv_bias=False, need_weights=True):
        super().__init__()
        self.context_length = context_length
        self.multihead_attn = nn.MultiheadAttention(embed_dim=d_out, num_heads=num_heads, dropout=dropout,
                                                    bias=qkv_bias, add_bias_kv=qkv_bias, batch_first=True)
        self.need_weights = need_weights
        self.proj = nn.Linear(d_out, d_out)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1).bool())

    def forward(self, x):
        b, n, _ = x.shape
        attn_mask = self.mask[:n, :n] if self.context_length >= n else self.mask[:self.context_length, :self.context_length]
        attn_output, _ = self.multihead_attn(x, x, x, attn_mask=attn_mask, need_weights=self.need_weights)
        return self.proj(attn_output)


def normalize_version(version):
    v = parse_version(version)
    return parse_version(f"{v.major}.{v.minor}.{v.micro}")


current_version = normalize_version(torch.__version__)
required_version = parse_version("2.5.0")
print("flex available:", current_version >= required_version)
if current_version >= required_version:
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention


def causal(b, h, q_idx, kv_idx):
    return q_idx >= kv_idx


class MHAPyTorchFlexAttention(nn.Module):
    def __init__(self, d_in, d_out, num_heads, context_length, dropout=0.0, qkv_bias=False):
        super().__init__()
        self.num_heads, self.context_length, self.head_dim, self.d_out = num_heads, context_length, d_out // num_heads, d_out
        self.qkv = nn.Linear(d_in, 3 * d_out, bias=qkv_bias)
        self.proj = nn.Linear(d_out, d_out)
        self.dropout = dropout

    def forward(self, x):
        b, n, _ = x.shape
        queries, keys, values = self.qkv(x).view(b, n, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        attn_mask = create_block_mask(causal, B=None, H=None, Q_LEN=n, KV_LEN=n, device=x.device)
        ctx = flex_attention(queries, keys, values, block_mask=attn_mask)
        return self.proj(ctx.transpose(1, 2).contiguous().view(b, n, self.d_out))


kw = dict(d_in=embed_dim, d_out=embed_dim, context_length=context_len, dropout=0.0, num_heads=4, qkv_bias=False)
impls = {}
torch.manual_seed(123)
impls["1) MHA wrapper class"] = Ch03_MHA_Wrapper(embed_dim, embed_dim // 4, 4, context_len)
impls["2) MHA Ch03"] = Ch03_MHA(**kw)
impls["3) MHA with combined QKV weights"] = MultiHeadAttentionCombinedQKV(**kw)
impls["4) MHA with Einsum"] = MHAEinsum(**kw)
impls["5) MHA with PyTorch scaled_dot_product_attention"] = MHAPyTorchScaledDotProduct(**kw)
impls["6) PyTorch's SDPA, no FlashAttention"] = MHAPyTorchScaledDotProduct(**kw, explicit_mask=True)
impls["7) PyTorch MHA class defaults"] = MHAPyTorchClass(**kw)
impls["8) PyTorch MHA with need_weights=False"] = MHAPyTorchClass(**kw, need_weights=False)
impls["9) PyTorch's FlexAttention"] = MHAPyTorchFlexAttention(**kw)

# The chapter-3 class and the combined-QKV / SDPA / flex classes compute the same function: copy
# the combined weights into each and compare.
ref = impls["3) MHA with combined QKV weights"]
for name in ["5) MHA with PyTorch scaled_dot_product_attention", "9) PyTorch's FlexAttention"]:
    impls[name].load_state_dict(ref.state_dict(), strict=False)
ch03 = impls["2) MHA Ch03"]
with torch.no_grad():
    wq, wk, wv = ref.qkv.weight.view(3, 4, 16, embed_dim).unbind(0)
    ch03.W_query.weight.copy_(wq.reshape(embed_dim, embed_dim))
    ch03.W_key.weight.copy_(wk.reshape(embed_dim, embed_dim))
    ch03.W_value.weight.copy_(wv.reshape(embed_dim, embed_dim))
    ch03.out_proj.load_state_dict(ref.proj.state_dict())

outs = {}
for name, m in impls.items():
    if "Flex" in name:
        # PyTorch 2.11 refuses FlexAttention inputs that require grad on the CPU (no CPU backward)
        try:
            m(embeddings)
        except NotImplementedError as e:
            print(f"{name}: NotImplementedError: {e}")
        with torch.no_grad():
            out = m(embeddings)
    else:
        out = m(embeddings)
    outs[name] = out
    print(f"{name}: {tuple(out.shape)} nan rows {int(out.isnan().any(-1).sum())} "
          f"mean |y| {out.nan_to_num().abs().mean().item():.4f}")
r = outs["3) MHA with combined QKV weights"]
for name in ["2) MHA Ch03", "5) MHA with PyTorch scaled_dot_product_attention", "9) PyTorch's FlexAttention"]:
    print("same as combined QKV:", name, torch.allclose(outs[name], r, atol=1e-5))

for name, m in impls.items():
    if "Flex" in name:
        # PyTorch 2.11's compiled FlexAttention refuses CPU inputs derived from parameters that
        # require grad, even under no_grad (NotImplementedError at the lowering); the notebook
        # compiles it on CUDA only.
        continue
    with torch.no_grad():
        ex = torch._dynamo.explain(m)(embeddings)
        c = torch.compile(m)(embeddings)
        e = m(embeddings)
    print(f"{name}: graphs {ex.graph_count} breaks {ex.graph_break_count} "
          f"compiled matches {torch.allclose(c, e, atol=1e-5, equal_nan=True)}")
