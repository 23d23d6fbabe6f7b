// nn.MultiheadAttention's forward written in Python, for the two places that must see its steps as
// torch calls: the tracer (torch.jit.trace and the back end's aten re-trace record each call as an
// aten op) and Dynamo (which inlines it as it inlines user code, so the layer's parameters become
// graph inputs and AOT autograd can differentiate through them, as PyTorch's Dynamo inlines
// nn.MultiheadAttention.forward). Eager calls keep the C++ layer (nn/modules.cpp), which computes
// the same values (up to the GEMMs' summation order): the in-projection rows of in_proj_weight, then
// without need_weights F.scaled_dot_product_attention over head views (PyTorch's choice too: fused
// on the GPU), else heads split as (N*H, L, head_dim), q scaled by sqrt(1/head_dim) before
// q @ k^T, softmax, @ v; then the out-projection.
//
// The module `torch.nn._attention` is built on first import by running the source below; masks are
// not handled here (the callers keep masked calls on their other paths).
#include "bindings/jit.h"
#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "vm/interpreter.h"

namespace kiln::vm::bind {
namespace {

const char* const kAttentionSource = R"PY(import math
import torch
import torch.backends.mha
import torch.nn.functional as F


def mha_forward(self, query, key, value, need_weights=True, average_attn_weights=True):
    # Computed batch-first, (N, L, E): the projections read the caller's rows as they lie (a
    # batch_first input is contiguous, so each projection is one GEMM with its bias in the epilogue)
    # and the output needs no transpose back.
    self_attention = query is key and key is value
    batched = query.dim() == 3
    if not batched:
        query = query.unsqueeze(0)
        key = key.unsqueeze(0)
        value = value.unsqueeze(0)
    elif not self.batch_first:
        query = query.transpose(0, 1)
        key = key.transpose(0, 1)
        value = value.transpose(0, 1)
    N = query.shape[0]
    L = query.shape[1]
    S = key.shape[1]
    # the layer's sizes, not the input's: plain ints while tracing (no TracerWarning for the scale)
    E = self.embed_dim
    H = self.num_heads
    hd = self.head_dim
    w = self.in_proj_weight
    b = self.in_proj_bias
    if self_attention:
        # one GEMM for q, k and v (N = 3E), split by views
        qkv = F.linear(query, w, b)
        q = qkv[:, :, 0:E]
        k = qkv[:, :, E:2 * E]
        v = qkv[:, :, 2 * E:3 * E]
    elif b is None:
        q = F.linear(query, w[0:E])
        k = F.linear(key, w[E:2 * E])
        v = F.linear(value, w[2 * E:3 * E])
    else:
        q = F.linear(query, w[0:E], b[0:E])
        k = F.linear(key, w[E:2 * E], b[E:2 * E])
        v = F.linear(value, w[2 * E:3 * E], b[2 * E:3 * E])
    if not need_weights:
        # heads as views (N, H, L, hd) of the projections; scaled_dot_product_attention returns
        # (N, H, L, hd) in (N, L, H, hd) memory order, so merging the heads back is a view too
        q = q.reshape(N, L, H, hd).transpose(1, 2)
        k = k.reshape(N, S, H, hd).transpose(1, 2)
        v = v.reshape(N, S, H, hd).transpose(1, 2)
        dropout_p = self.dropout if self.training else 0.0
        out = F.scaled_dot_product_attention(q, k, v, None, dropout_p)
        out = F.linear(out.transpose(1, 2).reshape(N * L, E), self.out_proj.weight, self.out_proj.bias)
        out = out.reshape(N, L, E)
        if not batched:
            out = out.squeeze(0)
        elif not self.batch_first:
            out = out.transpose(0, 1)
        return out, None
    # the weights are wanted: heads as a batch of N * H matrices (copies; q's scale makes its copy:
    # one kernel), the attention matrix computed in the open
    q = (q.reshape(N, L, H, hd).transpose(1, 2) * math.sqrt(1.0 / hd)).reshape(N * H, L, hd)
    k = k.reshape(N, S, H, hd).transpose(1, 2).reshape(N * H, S, hd)
    v = v.reshape(N, S, H, hd).transpose(1, 2).reshape(N * H, S, hd)
    attn = torch.softmax(torch.bmm(q, k.transpose(1, 2)), -1)
    if self.training and self.dropout > 0.0:
        attn = F.dropout(attn, self.dropout, True)
    out = torch.bmm(attn, v).reshape(N, H, L, hd).transpose(1, 2).reshape(N * L, E)
    out = F.linear(out, self.out_proj.weight, self.out_proj.bias).reshape(N, L, E)
    weights = None
    if need_weights:
        weights = attn.reshape(N, H, L, S)
        if average_attn_weights:
            weights = weights.mean(1)
        if not batched:
            weights = weights.squeeze(0)
    if not batched:
        out = out.squeeze(0)
    elif not self.batch_first:
        out = out.transpose(0, 1)
    return out, weights


def mha_forward_reference(self, query, key, value, need_weights=True, average_attn_weights=True):
    # PyTorch 2.11's nn.MultiheadAttention.forward off its fast path (training, gradients wanted,
    # not batch-first, ...), without masks: the batch-first inputs transposed to (L, N, E) (once when
    # query, key and value are one tensor), one F.multi_head_attention_forward call (which Dynamo
    # records as one in-graph node, as PyTorch's trace_rules list it), the output transposed back.
    is_batched = query.dim() == 3
    if self.batch_first and is_batched:
        if key is value:
            if query is key:
                query = key = value = query.transpose(1, 0)
            else:
                query, key = (x.transpose(1, 0) for x in (query, key))
                value = key
        else:
            query, key, value = (x.transpose(1, 0) for x in (query, key, value))
    if not self._qkv_same_embed_dim:
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, self.bias_k,
            self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=None, need_weights=need_weights, attn_mask=None,
            use_separate_proj_weight=True, q_proj_weight=self.q_proj_weight, k_proj_weight=self.k_proj_weight,
            v_proj_weight=self.v_proj_weight, average_attn_weights=average_attn_weights, is_causal=False)
    else:
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, self.bias_k,
            self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=None, need_weights=need_weights, attn_mask=None,
            average_attn_weights=average_attn_weights, is_causal=False)
    if self.batch_first and is_batched:
        return attn_output.transpose(1, 0), attn_output_weights
    return attn_output, attn_output_weights


def _mha_fast_path_reads(self, query, key, value):
    # PyTorch 2.11's nn.MultiheadAttention.forward fast-path conditions, in its order (each read is
    # guarded as PyTorch's are); shared by the unmasked and masked dispatch below.
    fast = torch.backends.mha.get_fastpath_enabled()
    if not fast:
        pass
    elif query.dim() != 3:
        fast = False
    elif query is not key or key is not value:
        fast = False
    elif self.in_proj_bias is not None and query.dtype != self.in_proj_bias.dtype:
        fast = False
    elif self.in_proj_weight is None:
        fast = False
    elif query.dtype != self.in_proj_weight.dtype:
        fast = False
    elif self.training:
        fast = False
    elif (self.num_heads % 2) != 0:
        fast = False
    elif not self.batch_first:
        fast = False
    elif self.bias_k is not None:
        fast = False
    elif self.bias_v is not None:
        fast = False
    elif self.add_zero_attn:
        fast = False
    elif not self._qkv_same_embed_dim:
        fast = False
    elif torch.is_autocast_enabled():
        fast = False
    return fast


def mha_forward_dispatch(self, query, key, value, need_weights=True, average_attn_weights=True):
    # PyTorch 2.11's nn.MultiheadAttention.forward without masks, as Dynamo inlines it: its
    # fast-path conditions in its order (each read is guarded as PyTorch's are), then the reference
    # path around F.multi_head_attention_forward.
    _mha_fast_path_reads(self, query, key, value)
    # The checks' reads stay (they order the graph's inputs and guards as PyTorch's); past them PyTorch
    # looks at the tensor arguments themselves (has_torch_function, devices, requires_grad), and under
    # Dynamo its traced tensors never pass: PyTorch 2.11's compiled graphs record the reference path
    # (tests/parity/programs/dynamo/mha_fast_path_graph's golden, eval mode under no_grad included).
    return mha_forward_reference(self, query, key, value, need_weights, average_attn_weights)


def mha_forward_dispatch_masked(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                                average_attn_weights=True, is_causal=False):
    # PyTorch 2.11's nn.MultiheadAttention.forward with masks, as Dynamo inlines it (probe 29: the
    # LLMs-from-scratch notebook's nn.MultiheadAttention(attn_mask=triu mask) broke the graph): both
    # masks canonicalised to query's dtype (F._canonical_mask: a bool mask becomes 0 / -inf), the
    # fast-path reads (traced tensors never take it), then the reference path's transposes around one
    # F.multi_head_attention_forward call that carries the masks and is_causal.
    from torch.nn._functional_ext import _canonical_mask
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       None if attn_mask is None else attn_mask.dtype, "attn_mask", query.dtype)
    attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
    _mha_fast_path_reads(self, query, key, value)
    is_batched = query.dim() == 3
    if self.batch_first and is_batched:
        if key is value:
            if query is key:
                query = key = value = query.transpose(1, 0)
            else:
                query, key = (x.transpose(1, 0) for x in (query, key))
                value = key
        else:
            query, key, value = (x.transpose(1, 0) for x in (query, key, value))
    if not self._qkv_same_embed_dim:
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, self.bias_k,
            self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, use_separate_proj_weight=True, q_proj_weight=self.q_proj_weight,
            k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight,
            average_attn_weights=average_attn_weights, is_causal=is_causal)
    else:
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, self.bias_k,
            self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, average_attn_weights=average_attn_weights, is_causal=is_causal)
    if self.batch_first and is_batched:
        return attn_output.transpose(1, 0), attn_output_weights
    return attn_output, attn_output_weights

def native_multi_head_attention(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias,
                                mask=None, need_weights=True, average_attn_weights=True, mask_type=None):
    # aten::_native_multi_head_attention (ATen's native_multi_head_attention_cpu): inference-only
    # attention over batch-first (B, T, D) inputs of one shape. q is scaled by 1/sqrt(head_dim) with
    # the in-projection's bias; a mask is made boolean (True: masked), read by mask_type (0: (T, T),
    # 1: key padding (B, T), else broadcast to (B, H, T, T)); a fully masked row's softmax is NaN, as
    # ATen's masked softmax leaves it on the CPU. The weights are (B, H, T, T), summed over heads and divided by
    # num_head when averaged; without need_weights the second result is None (an undefined tensor).
    if query.dim() != 3:
        raise RuntimeError(f"expected 3-D `query`, got {query.dim()}-D tensor")
    if query.shape[2] != embed_dim:
        raise RuntimeError(f"passed-in embed_dim {embed_dim} didn't match last dim of query {query.shape[2]}")
    if key.dim() != 3:
        raise RuntimeError(f"expected 3-D `key`, got {key.dim()}-D tensor")
    if value.dim() != 3:
        raise RuntimeError(f"expected 3-D `value`, got {value.dim()}-D tensor")
    if query.shape != key.shape or key.shape != value.shape:
        raise RuntimeError("expected `query`/`key`/`value` shapes to match")
    if qkv_weight.dim() != 2:
        raise RuntimeError(f"expected 2-D `qkv_weight`, got {qkv_weight.dim()}-D tensor")
    if qkv_weight.shape[0] != 3 * embed_dim:
        raise RuntimeError("expected `qkv_weight` first dim to be 3x embed_dim")
    if qkv_weight.shape[1] != embed_dim:
        raise RuntimeError("expected `qkv_weight` second dim to be embed_Dim")
    if qkv_bias.dim() != 1:
        raise RuntimeError(f"expected 1-D `qkv_bias`, got {qkv_bias.dim()}-D tensor")
    if qkv_bias.shape[0] != 3 * embed_dim:
        raise RuntimeError("expected `qkv_bias` first dim and first dim of query to be equal")
    if embed_dim % num_head != 0:
        raise RuntimeError("`embed_dim` must divide evenly by `num_heads`")
    B = query.shape[0]
    T = query.shape[1]
    E = embed_dim
    H = num_head
    hd = E // H
    if query.numel() == 0:
        return torch.empty_like(query), None
    if query is key and key is value:
        qkv = F.linear(query, qkv_weight, qkv_bias)
        q = qkv[:, :, 0:E]
        k = qkv[:, :, E:2 * E]
        v = qkv[:, :, 2 * E:3 * E]
    else:
        q = F.linear(query, qkv_weight[0:E], qkv_bias[0:E])
        k = F.linear(key, qkv_weight[E:2 * E], qkv_bias[E:2 * E])
        v = F.linear(value, qkv_weight[2 * E:3 * E], qkv_bias[2 * E:3 * E])
    q = q.reshape(B, T, H, hd).transpose(1, 2)
    k = k.reshape(B, T, H, hd).transpose(1, 2)
    v = v.reshape(B, T, H, hd).transpose(1, 2)
    if mask is None and not need_weights:
        out = F.scaled_dot_product_attention(q, k, v)
        return F.linear(out.transpose(1, 2).reshape(B, T, E), proj_weight, proj_bias), None
    scores = torch.matmul(q * math.sqrt(1.0 / hd), k.transpose(-2, -1))
    if mask is not None:
        mask = mask.to(torch.bool)
        if mask_type == 0:
            mask = mask.reshape(1, 1, T, T)
        elif mask_type == 1:
            mask = mask.reshape(B, 1, 1, T)
        scores = scores.masked_fill(mask, float("-inf"))
    attn = torch.softmax(scores, -1)
    out = F.linear(torch.matmul(attn, v).transpose(1, 2).reshape(B, T, E), proj_weight, proj_bias)
    if not need_weights:
        return out, None
    if average_attn_weights:
        attn = attn.sum(1) / num_head
    return out, attn
)PY";

void attention_module(Interpreter& in, ModuleObj& m) {
    auto co = bytecode::compile_module(lang::parse_module(kAttentionSource, "torch/nn/_attention.py"),
                                       "torch/nn/_attention.py");
    in.run_code(make<Code>(co), Ref<ModuleObj>(&m));
}

struct Register {
    Register() { Interpreter::register_module("torch.nn._attention", attention_module); }
} register_attention;

}  // namespace

Value mha_forward_function(Interpreter& in) { return *in.import_module("torch.nn._attention")->dict.find("mha_forward"); }

}  // namespace kiln::vm::bind
