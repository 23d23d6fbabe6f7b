import torch
import torch.nn as nn
import torch.nn.functional as F

# KLDivLoss, CosineEmbeddingLoss, MarginRankingLoss, TripletMarginLoss, HingeEmbeddingLoss,
# SoftMarginLoss, MultiLabelSoftMarginLoss, GaussianNLLLoss, PoissonNLLLoss: modules and functional
# forms, each reduction, reprs, and the gradients of small inputs.
a = torch.tensor([[1.0, 0.0, 1.0], [0.0, 2.0, 0.0], [1.0, 1.0, 1.0]], requires_grad=True)
b = torch.tensor([[1.0, 1.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 1.0]])
c = torch.tensor([[0.0, 0.0, 1.0], [1.0, 1.0, 0.0], [1.0, 1.0, 0.0]])
t = torch.tensor([1.0, -1.0, 1.0])


def show(name, loss_fn):
    if a.grad is not None:
        a.grad = None
    out = loss_fn()
    if out.dim() == 0:
        out.backward()
        print(name, f"{out.item():.6f}", [[round(v, 4) for v in row] for row in a.grad.tolist()])
    else:
        print(name, [round(v, 4) for v in out.reshape(-1).tolist()])


for red in ["mean", "sum", "none"]:
    show("cosine_embedding " + red, lambda: nn.CosineEmbeddingLoss(margin=0.25, reduction=red)(a, b, t))
    show("margin_ranking " + red, lambda: nn.MarginRankingLoss(margin=0.5, reduction=red)(a[:, 0], b[:, 0], t))
    show("triplet " + red, lambda: nn.TripletMarginLoss(margin=1.0, reduction=red)(a, b, c))
    show("hinge " + red, lambda: nn.HingeEmbeddingLoss(margin=1.5, reduction=red)(a, torch.tensor([[1.0, -1.0, 1.0]] * 3)))
    show("soft_margin " + red, lambda: nn.SoftMarginLoss(reduction=red)(a, torch.sign(b - 0.5)))
    show("multilabel " + red, lambda: nn.MultiLabelSoftMarginLoss(reduction=red)(a, c))
    show("poisson " + red, lambda: nn.PoissonNLLLoss(reduction=red)(a, c))
show("triplet swap p1", lambda: F.triplet_margin_loss(a, b, c, p=1, swap=True))
show("multilabel weight", lambda: F.multilabel_soft_margin_loss(a, c, weight=torch.tensor([1.0, 2.0, 0.5])))
show("poisson full", lambda: F.poisson_nll_loss(a, c * 3, full=True))
show("poisson linear", lambda: F.poisson_nll_loss(a + 1, c, log_input=False))
show("gaussian", lambda: nn.GaussianNLLLoss()(a, b, torch.ones(3, 3) * 2))
show("gaussian full", lambda: nn.GaussianNLLLoss(full=True, reduction="sum")(a, b, torch.tensor([1.0, 2.0, 4.0])))
show("gaussian var1", lambda: F.gaussian_nll_loss(a, b, torch.ones(3, 1)))
logp = torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]), 1)
q = torch.tensor([[0.25, 0.25, 0.5], [0.5, 0.25, 0.25]])
for red in ["batchmean", "sum", "none"]:
    print("kl", red, [round(v, 6) for v in nn.KLDivLoss(reduction=red)(logp, q).reshape(-1).tolist()])
print("kl log_target", round(nn.KLDivLoss(reduction="batchmean", log_target=True)(logp, torch.log(q)).item(), 6))
for m in [nn.KLDivLoss(), nn.CosineEmbeddingLoss(0.5), nn.MarginRankingLoss(), nn.TripletMarginLoss(margin=2.0, p=1),
          nn.HingeEmbeddingLoss(), nn.SoftMarginLoss(), nn.MultiLabelSoftMarginLoss(), nn.GaussianNLLLoss(eps=1e-3),
          nn.PoissonNLLLoss(log_input=False)]:
    print(m, m.reduction)
for f in [lambda: F.gaussian_nll_loss(a, b, torch.ones(2)), lambda: F.gaussian_nll_loss(a, b, -torch.ones(3, 3)),
          lambda: nn.TripletMarginLoss(margin=0.0)]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
