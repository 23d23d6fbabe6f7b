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
    attn_output, attn_output_weights = F.multi_head_attention_forward(
        query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, None, None,
        False, self.dropout, self.out_proj.weight, self.out_proj.bias, training=self.training,
        key_padding_mask=None, need_weights=need_weights, attn_mask=None,
        average_attn_weights=average_attn_weights, is_causal=False)
    if self.batch_first and is_batched:
        return attn_output.transpose(1, 0), attn_output_weights
    return attn_output, attn_output_weights
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
