# nn.MultiheadAttention on PyTorch's fast path under torch.compile: in eval mode, batch_first,
# batched self-attention, an even head count, an in-projection bias and no gradient wanted (under
# torch.no_grad(), or with frozen parameters), PyTorch 2.11's inlined forward records one
# torch._native_multi_head_attention call (its arguments: the layer's sizes, its four projection
# tensors, no mask, need_weights, average_attn_weights, no mask type) and one getitem per tensor
# result (need_weights=False returns None weights: one getitem). Each condition broken once
# (training, odd heads, not batch-first, cross-attention, no bias, fast path switched off,
# gradients wanted) gives F.multi_head_attention_forward instead. gm.code for the fast path, then
# explain()'s ops and values against eager.
import torch
import torch.nn as nn
import torch._dynamo as dynamo

torch.manual_seed(0)


def names(ops):
    return [getattr(op, "__name__", str(op)) for op in ops]


class Block(nn.Module):
    def __init__(self, heads=2, batch_first=True, bias=True):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, heads, batch_first=batch_first, bias=bias)
        self.norm = nn.LayerNorm(8)

    def forward(self, x, need=True, avg=True):
        a, w = self.attn(x, x, x, need_weights=need, average_attn_weights=avg)
        return self.norm(x + a), w


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm


x = torch.randn(2, 3, 8)
m = Block().eval()
with torch.no_grad():
    for need, avg in [(True, True), (False, True), (True, False)]:
        dynamo.reset()
        out, w = torch.compile(m, backend=show)(x, need, avg)
        ref, rw = m(x, need, avg)
        print(need, avg, tuple(out.shape), None if w is None else tuple(w.shape), torch.allclose(out, ref, atol=1e-5),
              (w is None and rw is None) or torch.allclose(w, rw, atol=1e-5))


def case(label, mod, inp, grad=False, fast=True):
    torch.backends.mha.set_fastpath_enabled(fast)
    dynamo.reset()
    with torch.set_grad_enabled(grad):
        ex = dynamo.explain(mod)(inp)
        out, _ = torch.compile(mod, backend="eager")(inp)
        ref, _ = mod(inp)
    torch.backends.mha.set_fastpath_enabled(True)
    print(label, ex.graph_count, ex.op_count, names(ex.ops_per_graph[0]), torch.allclose(out, ref, atol=1e-5))


case("fast", Block().eval(), x)
case("train", Block().train(), x)
case("odd_heads", Block(heads=1).eval(), x)
case("seq_first", Block(batch_first=False).eval(), x)
case("no_bias", Block(bias=False).eval(), x)
case("switched_off", Block().eval(), x, fast=False)
case("grad_wanted", Block().eval(), x, grad=True)
frozen = Block().eval().requires_grad_(False)
case("frozen", frozen, x, grad=True)
case("unbatched", Block().eval(), torch.randn(3, 8))


class Cross(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

    def forward(self, x):
        return self.attn(x, x + 1, x + 1)


case("cross", Cross().eval(), x)
print(torch.backends.mha.get_fastpath_enabled())
