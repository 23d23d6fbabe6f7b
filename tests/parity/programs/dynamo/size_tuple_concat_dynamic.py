import torch
# Sizes built from a tensor's size and a tuple, the way Hugging Face's GPT-2 (Conv1D, _split_heads,
# _merge_heads) and many reshape helpers write them: `x.size()[:-1] + (n,)`. Static sizes reach the
# graph as plain tuples; once a dimension is dynamic the size is a `torch.Size([...])` node (and each
# dynamic `x.size()` / `x.size(d)` uses up a `size` name), and the compiled code follows new shapes.


def show(gm, example_inputs):
    print(gm.code.strip())
    print("ops:", [n.target.__name__ if hasattr(n.target, "__name__") else n.target
                   for n in gm.graph.nodes if n.op in ("call_function", "call_method")])
    return gm.forward


def conv1d_view(x, w, b):
    size_out = x.size()[:-1] + (w.size(-1),)
    y = torch.addmm(b, x.view(-1, x.size(-1)), w)
    return y.view(size_out)


def split_heads(x):
    new_shape = x.size()[:-1] + (2, x.size(-1) // 2)
    return x.view(new_shape).permute(0, 2, 1, 3)


def merge_heads(x):
    x = x.permute(0, 2, 1, 3).contiguous()
    new_shape = x.size()[:-2] + (x.size(-2) * x.size(-1),)
    return x.view(new_shape)


def prefix_plus_size(x):
    return x.reshape((1,) + x.shape)


def seq_lengths(x):
    q, k = x.size(-2), x.size(1)
    return x[:, : k - q + 1] * 2


w = torch.randn(4, 6)
b = torch.randn(6)
for fn, shapes in [(conv1d_view, [(2, 3, 4), (2, 5, 4), (2, 7, 4)]),
                   (split_heads, [(2, 3, 8), (2, 5, 8), (2, 6, 8)]),
                   (merge_heads, [(2, 2, 3, 4), (2, 2, 5, 4), (2, 2, 9, 4)]),
                   (prefix_plus_size, [(3, 4), (5, 4), (6, 4)]),
                   (seq_lengths, [(2, 3, 3), (2, 4, 4), (2, 5, 5)])]:
    torch._dynamo.reset()
    print("==", fn.__name__)
    c = torch.compile(fn, backend=show)
    for s in shapes:
        x = torch.randn(*s)
        args = (x, w, b) if fn is conv1d_view else (x,)
        out = c(*args)
        print(tuple(out.shape), torch.allclose(out, fn(*args)))
