# torch.nn._scripted_layers: the forward methods that torch.jit.script compiles for Kiln's native
# (C++) layers whose forward is more than one aten call. PyTorch scripts these layers from their
# Python source (nn.MultiheadAttention.forward calls F.multi_head_attention_forward, itself a
# scriptable function); Kiln's layers have no Python source, so each class here gives the method a
# TorchScript signature (PyTorch's parameter names, types and defaults: what a scripted caller's
# prim::CallMethod passes) and a body of aten calls computing what the C++ layer computes.
# bindings/jit_script.cpp compiles `<Layer>.<method>` from here with `self` typed as the scripted
# layer's class, whose slots (builtin_config) hold the attributes the body reads.
#
# MultiheadAttention: packed in-projection (Kiln's layer has kdim == vdim == embed_dim and no
# bias_k/bias_v or zero attention), batch_first, unbatched inputs, bool or float masks, need_weights
# (the weights computed in the open, averaged over heads or not) or scaled_dot_product_attention,
# dropout in training. The deprecation warning PyTorch gives for mismatched mask dtypes is not
# emitted when scripted (Kiln's script has no warnings.warn).
import math
from typing import Optional, Tuple

import torch
import torch.nn.functional as F
from torch import Tensor


def _canonical_mask(mask: Optional[Tensor], mask_name: str, target_type: int) -> Optional[Tensor]:
    # a bool mask becomes the additive float mask (-inf where True) of the query's dtype
    if mask is not None:
        if mask.dtype != torch.bool and not torch.is_floating_point(mask):
            raise AssertionError("only bool and floating types of " + mask_name + " are supported")
        if not torch.is_floating_point(mask):
            return torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))
    return mask


def _attention(query: Tensor, key: Tensor, value: Tensor, num_heads: int, in_proj_weight: Tensor,
               in_proj_bias: Optional[Tensor], out_proj_weight: Tensor, out_proj_bias: Optional[Tensor],
               dropout_p: float, training: bool, key_padding_mask: Optional[Tensor], need_weights: bool,
               attn_mask: Optional[Tensor], average_attn_weights: bool,
               is_causal: bool) -> Tuple[Tensor, Optional[Tensor]]:
    # sequence-first (L, N, E), or unbatched (L, E) made a batch of one
    is_batched = query.dim() == 3
    if not is_batched:
        query = query.unsqueeze(1)
        key = key.unsqueeze(1)
        value = value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len = query.size(0)
    bsz = query.size(1)
    embed_dim = query.size(2)
    src_len = key.size(0)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer module "
                           "method `generate_square_subsequent_mask` to create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        # the hint alone goes to scaled_dot_product_attention
        attn_mask = None
    elif key_padding_mask is not None:
        is_causal = False
    head_dim = embed_dim // num_heads
    E = embed_dim
    # the packed in-projection: one GEMM when query, key and value are one tensor
    if key is value and query is key:
        proj = F.linear(query, in_proj_weight, in_proj_bias)
        q = proj[:, :, 0:E]
        k = proj[:, :, E:2 * E]
        v = proj[:, :, 2 * E:3 * E]
    else:
        w_q, w_k, w_v = in_proj_weight.chunk(3)
        if in_proj_bias is None:
            q = F.linear(query, w_q)
            k = F.linear(key, w_k)
            v = F.linear(value, w_v)
        else:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
            q = F.linear(query, w_q, b_q)
            k = F.linear(key, w_k, b_k)
            v = F.linear(value, w_v, b_v)
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if attn_mask.size(0) != tgt_len or attn_mask.size(1) != src_len:
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be "
                                   f"{[tgt_len, src_len]}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            if attn_mask.size(0) != bsz * num_heads or attn_mask.size(1) != tgt_len or attn_mask.size(2) != src_len:
                raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be "
                                   f"{[bsz * num_heads, tgt_len, src_len]}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")
    # heads into the batch: (N * H, L, head_dim)
    q = q.reshape(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.reshape(k.size(0), bsz * num_heads, head_dim).transpose(0, 1)
    v = v.reshape(v.size(0), bsz * num_heads, head_dim).transpose(0, 1)
    src_len = k.size(1)
    if key_padding_mask is not None:
        padding = (key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1)
                   .reshape(bsz * num_heads, 1, src_len))
        if attn_mask is None:
            attn_mask = padding
        else:
            attn_mask = attn_mask + padding
    if not training:
        dropout_p = 0.0
    if need_weights:
        q_scaled = q * math.sqrt(1.0 / float(head_dim))
        if attn_mask is not None:
            weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
        else:
            weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        weights = F.softmax(weights, dim=-1)
        if dropout_p > 0.0:
            weights = torch.dropout(weights, dropout_p, True)
        out = torch.bmm(weights, v)
        out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
        out = F.linear(out, out_proj_weight, out_proj_bias)
        out = out.view(tgt_len, bsz, out.size(1))
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not is_batched:
            out = out.squeeze(1)
            weights = weights.squeeze(0)
        return out, weights
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).contiguous().view(bsz * tgt_len, embed_dim)
    out = F.linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.size(1))
    if not is_batched:
        out = out.squeeze(1)
    return out, None


class MultiheadAttention:
    def forward(self, query: Tensor, key: Tensor, value: Tensor, key_padding_mask: Optional[Tensor] = None,
                need_weights: bool = True, attn_mask: Optional[Tensor] = None, average_attn_weights: bool = True,
                is_causal: bool = False) -> Tuple[Tensor, Optional[Tensor]]:
        is_batched = query.dim() == 3
        key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask", query.dtype)
        attn_mask = _canonical_mask(attn_mask, "attn_mask", query.dtype)
        # PyTorch's fast-path checks, compiled as its forward compiles them: each condition of the
        # chain is emitted whole (`self.in_proj_bias is not None and query.dtype !=
        # self.in_proj_bias.dtype` compiles its right operand even where in_proj_bias is None, so a
        # layer with bias=False does not script: "'NoneType' object has no attribute or method
        # 'dtype'."). torch.backends.mha.get_fastpath_enabled() is True when scripting; the checks
        # of has_torch_function, make_fx tracing and devices hold for every scripted call in Kiln.
        # (PyTorch tests `not why_not_fast_path`; Kiln's script has no str truthiness, so `== ""`.)
        why_not_fast_path = ""
        if not is_batched:
            why_not_fast_path = f"input not batched; expected query.dim() of 3 but got {query.dim()}"
        elif query is not key or key is not value:
            why_not_fast_path = "non-self attention was used (query, key, and value are not the same Tensor)"
        elif self.in_proj_bias is not None and query.dtype != self.in_proj_bias.dtype:
            why_not_fast_path = (f"dtypes of query ({query.dtype}) and self.in_proj_bias "
                                 f"({self.in_proj_bias.dtype}) don't match")
        elif self.in_proj_weight is None:
            why_not_fast_path = "in_proj_weight was None"
        elif query.dtype != self.in_proj_weight.dtype:
            why_not_fast_path = (f"dtypes of query ({query.dtype}) and self.in_proj_weight "
                                 f"({self.in_proj_weight.dtype}) don't match")
        elif self.training:
            why_not_fast_path = "training is enabled"
        elif (self.num_heads % 2) != 0:
            why_not_fast_path = "self.num_heads is not even"
        elif not self.batch_first:
            why_not_fast_path = "batch_first was not True"
        elif self.bias_k is not None:
            why_not_fast_path = "self.bias_k was not None"
        elif self.bias_v is not None:
            why_not_fast_path = "self.bias_v was not None"
        elif self.add_zero_attn:
            why_not_fast_path = "add_zero_attn was enabled"
        elif not self._qkv_same_embed_dim:
            why_not_fast_path = "_qkv_same_embed_dim was not True"
        elif query.is_nested and (key_padding_mask is not None or attn_mask is not None):
            why_not_fast_path = ("supplying both src_key_padding_mask and src_mask at the same time "
                                 "is not supported with NestedTensor input")
        elif torch.is_autocast_enabled():
            why_not_fast_path = "autocast is enabled"
        if why_not_fast_path == "":
            if torch.is_grad_enabled() and (query.requires_grad or self.in_proj_weight.requires_grad or
                                            self.in_proj_bias.requires_grad or self.out_proj.weight.requires_grad or
                                            self.out_proj.bias.requires_grad):
                why_not_fast_path = ("grad is enabled and at least one of query or the input/output projection "
                                     "weights or biases requires_grad")
        # batch_first: the sequence-first computation on transposed views (one view when query,
        # key and value are one tensor, so the projection still sees them as one)
        if self.batch_first and is_batched:
            if key is value:
                if query is key:
                    query = query.transpose(1, 0)
                    key = query
                    value = query
                else:
                    query = query.transpose(1, 0)
                    key = key.transpose(1, 0)
                    value = key
            else:
                query = query.transpose(1, 0)
                key = key.transpose(1, 0)
                value = value.transpose(1, 0)
        out, weights = _attention(query, key, value, self.num_heads, self.in_proj_weight, self.in_proj_bias,
                                  self.out_proj.weight, self.out_proj.bias, self.dropout, self.training,
                                  key_padding_mask, need_weights, attn_mask, average_attn_weights, is_causal)
        if self.batch_first and is_batched:
            # On the fast path _native_multi_head_attention returns (N, L, E) contiguous; the slow
            # path's result is the transposed view of the (L, N, E) computation.
            if why_not_fast_path == "":
                return out.transpose(1, 0).contiguous(), weights
            return out.transpose(1, 0), weights
        return out, weights
