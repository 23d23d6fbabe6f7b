import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training through the layer functions of torch.nn.functional: unfold/fold, group_norm,
# instance_norm, embedding_bag, pixel_shuffle, interpolate (nearest, linear, bilinear), pad
# (constant, reflect, replicate, circular), max/avg/adaptive pools (1d, 2d), conv_transpose1d/2d.
# Every step must run as one AOT-autograd graph (grad_fn CompiledFunctionBackward) whose loss,
# gradients and SGD update equal eager's.

def make():
    m = nn.Linear(5, 3)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-0.8, 0.8, 15).reshape(3, 5))
        m.bias.copy_(torch.tensor([0.1, -0.2, 0.05]))
    return m

x = torch.linspace(-1.0, 1.0, 30).reshape(6, 5)

# One training step (model -> loss -> backward -> SGD step): eager, then compiled with each backend.
# A graph that fell back to the FX interpreter shows as an eager grad_fn instead of
# CompiledFunctionBackward (Kiln also says why on stderr); a graph break shows in explain's counts.
def check(name, f):
    def step(m, inp):
        return f(m(inp))
    try:
        ref = make()
        opt = torch.optim.SGD(ref.parameters(), lr=0.1)
        le = step(ref, x)
        le.backward()
        ref_grads = [p.grad.clone() for p in ref.parameters()]
        opt.step()
        for backend in ["aot_eager", "inductor"]:
            torch._dynamo.reset()
            m = make()
            opt = torch.optim.SGD(m.parameters(), lr=0.1)
            lc = torch.compile(step, backend=backend)(m, x)
            lc.backward()
            grads = all(torch.allclose(p.grad, g, rtol=1e-4, atol=1e-5) for p, g in zip(m.parameters(), ref_grads))
            opt.step()
            params = all(torch.allclose(p, q, rtol=1e-4, atol=1e-5) for p, q in zip(m.parameters(), ref.parameters()))
            same = torch.allclose(le, lc, rtol=1e-5, atol=1e-6)
            print(name, backend, f"{lc.item():.4f}", type(lc.grad_fn).__name__, "loss", same, "grads", grads, "step", params)
        torch._dynamo.reset()
        ex = torch._dynamo.explain(step)(make(), x)
        print("  graphs", ex.graph_count, "breaks", ex.graph_break_count)
    except Exception as e:
        print(name, "raised", type(e).__name__, str(e).split("\n")[0])

def img(y):
    return y.reshape(1, 2, 3, 3)

def seq(y):
    return y.reshape(2, 3, 3)

check("unfold_fold", lambda y: F.fold(F.unfold(img(y), 2), (3, 3), 2).pow(2).sum())
check("group_norm", lambda y: F.group_norm(seq(y), 3, torch.tensor([1.0, 2.0, 0.5])).pow(3).sum())
check("instance_norm", lambda y: F.instance_norm(seq(y)).pow(3).sum())
check("embedding_bag", lambda y: F.embedding_bag(torch.tensor([0, 2, 1, 2]), y.reshape(9, 2), torch.tensor([0, 2])).pow(2).sum())
check("pixel_shuffle", lambda y: F.pixel_shuffle(y.reshape(2, 9, 1, 1)[:, :8], 2).pow(3).sum())
check("interpolate_nearest", lambda y: F.interpolate(img(y), scale_factor=2).pow(3).sum())
check("interpolate_bilinear", lambda y: F.interpolate(img(y), size=(4, 5), mode="bilinear", align_corners=False).pow(3).sum())
check("interpolate_linear", lambda y: F.interpolate(seq(y), size=5, mode="linear", align_corners=True).pow(3).sum())
check("pad_constant", lambda y: F.pad(y, (1, 2), value=0.5).pow(3).sum())
check("pad_reflect", lambda y: F.pad(seq(y), (1, 2), mode="reflect").pow(3).sum())
check("pad_replicate", lambda y: F.pad(img(y), (1, 2, 2, 1), mode="replicate").pow(3).sum())
check("pad_circular", lambda y: F.pad(seq(y), (1, 2), mode="circular").pow(3).sum())
check("max_pool1d", lambda y: F.max_pool1d(seq(y), 2, 1).pow(3).sum())
check("max_pool2d", lambda y: F.max_pool2d(img(y), 2, 1).pow(3).sum())
check("avg_pool1d", lambda y: F.avg_pool1d(seq(y), 2, 1).pow(3).sum())
check("avg_pool2d", lambda y: F.avg_pool2d(img(y), 2, 1).pow(3).sum())
check("adaptive_avg_pool1d", lambda y: F.adaptive_avg_pool1d(seq(y), 2).pow(3).sum())
check("adaptive_avg_pool2d", lambda y: F.adaptive_avg_pool2d(img(y), 2).pow(3).sum())
check("adaptive_max_pool1d", lambda y: F.adaptive_max_pool1d(seq(y), 2).pow(3).sum())
check("adaptive_max_pool2d", lambda y: F.adaptive_max_pool2d(img(y), 2).pow(3).sum())
check("conv_transpose1d", lambda y: F.conv_transpose1d(seq(y), torch.linspace(-1.0, 1.0, 12).reshape(3, 2, 2)).pow(3).sum())
check("conv_transpose2d", lambda y: F.conv_transpose2d(img(y), torch.linspace(-1.0, 1.0, 16).reshape(2, 2, 2, 2), stride=2).pow(3).sum())
