# torch.nn.attention.flex_attention eagerly on the CPU (probe 29: rasbt/LLMs-from-scratch's
# ch03 mha-implementations notebook imports flex_attention and create_block_mask, "No module named
# 'torch.nn.attention.flex_attention'" before). Causal, sliding-window, prefix-LM and document masks
# through create_block_mask (BlockMask shape, sparsity, block counts, str and repr), create_mask,
# and_masks/or_masks, score_mod (ALiBi bias, tanh soft-capping), GQA, return_lse/AuxRequest, fully
# masked rows, float64, the CPU's refusal of inputs that require grad, and the errors for mismatched lengths and heads. Each result is compared
# with the same attention written out with softmax, so the printed values are booleans and a few
# rounded numbers.
import math
import warnings

import torch
import torch.nn.functional as F
from torch.nn.attention.flex_attention import (AuxRequest, BlockMask, and_masks, create_block_mask,
                                               create_mask, flex_attention, noop_mask, or_masks)

warnings.simplefilter("ignore")
torch.manual_seed(0)


def causal(b, h, q_idx, kv_idx):
    return q_idx >= kv_idx


def sliding_window(b, h, q_idx, kv_idx):
    return q_idx - kv_idx <= 3


def prefix(b, h, q_idx, kv_idx):
    return kv_idx < 4


docs = torch.tensor([0] * 5 + [1] * 7 + [2] * 4)


def document(b, h, q_idx, kv_idx):
    return docs[q_idx] == docs[kv_idx]


def reference(q, k, v, mask=None, bias=None, scale=None):
    s = (q @ k.transpose(-2, -1)) * (scale if scale is not None else 1 / math.sqrt(q.size(-1)))
    if bias is not None:
        s = s + bias
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    return torch.softmax(s, dim=-1) @ v


B, H, L, E = 2, 4, 16, 8
q, k, v = (torch.randn(B, H, L, E) for _ in range(3))

bm = create_block_mask(causal, B=None, H=None, Q_LEN=L, KV_LEN=L, device="cpu")
print(type(bm).__name__, bm.shape, bm.BLOCK_SIZE, f"{bm.sparsity():.2f}")
print(bm.kv_num_blocks.shape, bm.kv_indices.shape, bm.full_kv_num_blocks.tolist(), bm.kv_num_blocks.tolist())
print(repr(bm))
out = flex_attention(q, k, v, block_mask=bm)
print(out.shape, out.dtype, torch.allclose(out, reference(q, k, v, torch.ones(L, L).tril().bool()), atol=1e-5))
print(torch.allclose(out, F.scaled_dot_product_attention(q, k, v, is_causal=True), atol=1e-5))

# a block size below the length: partial and full blocks, the grid printout
bm4 = create_block_mask(causal, 1, 1, L, L, device="cpu", BLOCK_SIZE=4)
print(bm4.kv_num_blocks.tolist(), bm4.full_kv_num_blocks.tolist(), f"{bm4.sparsity():.2f}")
print(bm4.kv_indices[0, 0].tolist())
print(bm4.q_num_blocks.tolist(), bm4.full_q_num_blocks.tolist())
print(bm4)
print(bm4.to_dense()[0, 0].tolist())

for name, mod in [("sliding", sliding_window), ("prefix", or_masks(causal, prefix)),
                  ("window_causal", and_masks(causal, sliding_window)), ("document", and_masks(causal, document))]:
    m = create_mask(mod, 1, 1, L, L, device="cpu")
    blk = create_block_mask(mod, 1, 1, L, L, device="cpu", BLOCK_SIZE=8)
    o = flex_attention(q, k, v, block_mask=blk)
    print(name, m.shape, m.dtype, int(m.sum()), blk.kv_num_blocks.tolist(), blk.full_kv_num_blocks.tolist(),
          torch.allclose(o, reference(q, k, v, m[0, 0]), atol=1e-5))

print(create_mask(noop_mask, 2, 1, 3, 3, device="cpu").all().item(), create_mask(noop_mask, 2, 1, 3, 3, device="cpu").shape)

# score_mod: ALiBi-style per-head bias and tanh soft-capping, no block mask
slopes = torch.tensor([0.5, 0.25, 0.125, 0.0625])


def alibi(score, b, h, q_idx, kv_idx):
    return score + slopes[h] * (kv_idx - q_idx)


def softcap(score, b, h, q_idx, kv_idx):
    return 2.0 * torch.tanh(score / 2.0)


pos = torch.arange(L)
bias = slopes.view(1, H, 1, 1) * (pos.view(1, 1, 1, L) - pos.view(1, 1, L, 1))
o = flex_attention(q, k, v, score_mod=alibi)
print("alibi", torch.allclose(o, reference(q, k, v, bias=bias), atol=1e-5))
o = flex_attention(q, k, v, score_mod=softcap, block_mask=bm, scale=0.5)
s = 2.0 * torch.tanh(((q @ k.transpose(-2, -1)) * 0.5) / 2.0)
s = s.masked_fill(~torch.ones(L, L).tril().bool(), float("-inf"))
print("softcap", torch.allclose(o, torch.softmax(s, -1) @ v, atol=1e-5))
print("score mask", create_mask(lambda s, b, h, qi, ki: torch.where(qi >= ki, s, -float("inf")), 1, 1, 3, 3, device="cpu").int().tolist())

# GQA: 4 query heads over 2 key/value heads
k2, v2 = k[:, :2], v[:, :2]
o = flex_attention(q, k2, v2, block_mask=bm, enable_gqa=True)
print("gqa", torch.allclose(o, reference(q, k2.repeat_interleave(2, 1), v2.repeat_interleave(2, 1),
                                         torch.ones(L, L).tril().bool()), atol=1e-5))

# the log-sum-exp, old and new spelling
o, lse = flex_attention(q, k, v, block_mask=bm, return_lse=True)
s = ((q @ k.transpose(-2, -1)) / math.sqrt(E)).masked_fill(~torch.ones(L, L).tril().bool(), float("-inf"))
print("lse", lse.shape, torch.allclose(lse, torch.logsumexp(s, -1), atol=1e-5))
o, aux = flex_attention(q, k, v, block_mask=bm, return_aux=AuxRequest(lse=True))
print("aux", type(aux).__name__, aux.max_scores, torch.allclose(aux.lse, lse))

# a row with nothing to attend to gives zeros, not NaN
o = flex_attention(q, k, v, block_mask=create_block_mask(lambda b, h, qi, ki: qi > 0, 1, 1, L, L, device="cpu"))
print("masked row", o[0, 0, 0].abs().sum().item(), torch.isnan(o).any().item())

# float64, and inputs that require grad: PyTorch 2.11 has no FlexAttention backward on the CPU
q64, k64, v64 = (t.double().requires_grad_() for t in (q, k, v))
try:
    flex_attention(q64, k64, v64, block_mask=bm)
except NotImplementedError as e:
    print("NotImplementedError", e)
with torch.no_grad():
    o = flex_attention(q64, k64, v64, block_mask=bm)
print("float64", o.dtype, o.requires_grad, torch.allclose(o, reference(q64, k64, v64, torch.ones(L, L).tril().bool())))

# indexing a BlockMask
bm_bh = create_block_mask(causal, 2, 4, L, L, device="cpu", BLOCK_SIZE=8)
print(bm_bh.shape, bm_bh[0].shape, bm_bh[1, 2].kv_num_blocks.shape, bm_bh[:, 1:3].shape)
print(bm_bh[0].mask_mod.__name__)
adj = create_block_mask(causal, 1, 1, 32, 32, device="cpu", BLOCK_SIZE=8)._adjust(16, 16)
print(adj.shape, adj.kv_num_blocks.tolist())
print(isinstance(BlockMask.from_kv_blocks(torch.ones(1, 1, 2, dtype=torch.int32),
                                          torch.zeros(1, 1, 2, 2, dtype=torch.int32), BLOCK_SIZE=8), BlockMask))

# errors
for fn in [lambda: flex_attention(q, k[:, :3], v[:, :3]),
           lambda: flex_attention(q, k[:, :3], v[:, :3], enable_gqa=True),
           lambda: flex_attention(q[:, :, :8], k[:, :, :8], v[:, :, :8], block_mask=bm),
           lambda: flex_attention(q, k, v.double()),
           lambda: flex_attention(q[0], k[0], v[0]),
           lambda: flex_attention(q, k, v, return_lse=True, return_aux=AuxRequest(lse=True)),
           lambda: flex_attention(q, k, v, return_aux=AuxRequest(max_scores=True)),
           lambda: flex_attention(q, k, v, block_mask=bm_bh[0])]:
    try:
        fn()
        print("no error")
    except Exception as e:
        print(type(e).__name__, str(e)[:150])
