# torch.nn.functional functions that PyTorch 2.11's trace_rules list as in-graph functions
# (torch_non_c_binding_in_graph_functions) stay one call_function node of themselves in Dynamo's
# graph, however they are written inside: explain()'s op names for activations, normalizations,
# resampling, patches and losses, with results and gradients of compiled calls (aot_eager) against
# eager.
import torch
import torch._dynamo as dynamo
import torch.nn.functional as F

torch.manual_seed(0)
x4 = torch.randn(2, 3, 8, 8, requires_grad=True)
x2 = torch.randn(4, 5, requires_grad=True)
t2 = torch.randn(4, 5)
y = torch.tensor([1.0, -1.0, 1.0, -1.0])
ones = torch.ones(4, 5)
theta = torch.eye(2, 3).expand(2, 2, 3)

cases = [
    ("celu", x2, lambda: F.celu(x2, 0.5).sum()),
    ("normalize", x2, lambda: F.normalize(x2, dim=1).sum()),
    ("tanhshrink", x2, lambda: F.tanhshrink(x2).sum()),
    ("instance_norm", x4, lambda: F.instance_norm(x4).sum()),
    ("local_response_norm", x4, lambda: F.local_response_norm(x4, 2).sum()),
    ("interpolate bilinear", x4, lambda: F.interpolate(x4, scale_factor=2, mode="bilinear", align_corners=False).sum()),
    ("interpolate nearest", x4, lambda: F.interpolate(x4, size=(5, 5)).sum()),
    ("lp_pool2d", x4, lambda: F.lp_pool2d(x4, 2, 2).sum()),
    ("max_pool1d", x2, lambda: F.max_pool1d(x2.unsqueeze(0), 2).sum()),
    ("unfold", x4, lambda: F.unfold(x4, 3).sum()),
    ("fold", x4, lambda: F.fold(F.unfold(x4, 2, stride=2), (8, 8), 2, stride=2).sum()),
    ("grid_sample", x4, lambda: F.grid_sample(x4, F.affine_grid(theta, (2, 3, 4, 4), align_corners=False),
                                              align_corners=False).sum()),
    ("cosine_embedding_loss", x2, lambda: F.cosine_embedding_loss(x2, t2, y)),
    ("margin_ranking_loss", x2, lambda: F.margin_ranking_loss(x2[:, 0], t2[:, 0], y)),
    ("hinge_embedding_loss", x2, lambda: F.hinge_embedding_loss(x2, ones)),
    ("soft_margin_loss", x2, lambda: F.soft_margin_loss(x2, ones)),
    ("multilabel_soft_margin_loss", x2, lambda: F.multilabel_soft_margin_loss(x2, ones)),
    ("multi_margin_loss", x2, lambda: F.multi_margin_loss(x2, torch.tensor([0, 1, 2, 3]))),
    ("poisson_nll_loss", x2, lambda: F.poisson_nll_loss(x2, t2.abs())),
    ("triplet_margin_loss", x2, lambda: F.triplet_margin_loss(x2, t2, t2 * 2)),
]
for name, leaf, fn in cases:
    dynamo.reset()
    ex = dynamo.explain(fn)()
    ops = [getattr(op, "__name__", str(op)) for g in ex.ops_per_graph for op in g]
    ref = fn()
    (g_ref,) = torch.autograd.grad(ref, [leaf])
    dynamo.reset()
    out = torch.compile(fn, backend="aot_eager")()
    (g,) = torch.autograd.grad(out, [leaf])
    print(name, ex.graph_count, ex.op_count, ops, torch.allclose(out, ref, atol=1e-5), torch.allclose(g, g_ref, atol=1e-5))
