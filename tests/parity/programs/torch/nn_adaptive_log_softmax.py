# nn.AdaptiveLogSoftmaxWithLoss (torch/nn/modules/adaptive.py), the large-vocabulary output layer of
# word-level language models: construction (head / low-rank tails, cutoffs checks), forward's
# _ASMoutput(output, loss) for batched and 0-d targets with rows in every cluster, backward, log_prob
# summing to one, predict, and the errors for bad cutoffs and out-of-range targets.
import torch
import torch.nn as nn

torch.manual_seed(0)
asm = nn.AdaptiveLogSoftmaxWithLoss(16, 20, cutoffs=[5, 12], div_value=2.0)
print(asm)
print(asm.shortlist_size, asm.n_clusters, asm.head_size, asm.cutoffs, [tuple(p.shape) for p in asm.parameters()])
x = torch.randn(6, 16, requires_grad=True)
target = torch.tensor([0, 7, 19, 3, 12, 4])
out = asm(x, target)
print(type(out).__name__, out._fields, tuple(out.output.shape), round(out.loss.item(), 5))
print([round(v, 5) for v in out.output.tolist()], type(out.output.grad_fn).__name__, type(out.loss.grad_fn).__name__)
out.loss.backward()
print(round(x.grad.abs().sum().item(), 5), round(asm.head.weight.grad.abs().sum().item(), 5),
      round(asm.tail[1][0].weight.grad.abs().sum().item(), 5))
lp = asm.log_prob(x.detach())
print(tuple(lp.shape), [round(v, 4) for v in lp.exp().sum(1).tolist()],
      torch.allclose(lp.gather(1, target.unsqueeze(1)).squeeze(1), out.output.detach(), atol=1e-5))
print(asm.predict(x.detach()).tolist(), lp.argmax(1).tolist())
single = asm(x[1].detach(), target[1])
print(tuple(single.output.shape), round(single.output.item(), 5))
with torch.no_grad():
    asm.head.bias if asm.head.bias is not None else print("no head bias")
    big = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [2, 4, 6], head_bias=True)
    print(big.head, [len(t) for t in big.tail], [t[0].out_features for t in big.tail])
for bad in [lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, []), lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, [5, 3]),
            lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, [5, 10]), lambda: asm(x, torch.tensor([0, 1, 2, 3, 4, 25])),
            lambda: asm(x, target[:3])]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
