import torch
from typing import List, Optional
# TorchScript on pytorch-crf's CRF shapes (kmkurn/pytorch-crf torchcrf/__init__.py): dtype-specific
# annotations (torch.LongTensor, Optional[torch.ByteTensor]) typed as Tensor, `reduction not in (...)`
# on a tuple of str, `shape[:2] != shape` on int lists, a list sliced by a 0-d tensor (aten::IntImplicit)
# and `.item()` appended to a List[int] (aten::Int), with the run-time errors of the implicit conversion.


class Tagger(torch.nn.Module):
    def __init__(self, num_tags: int):
        super().__init__()
        self.num_tags = num_tags
        self.transitions = torch.nn.Parameter(torch.arange(num_tags * num_tags, dtype=torch.float).view(num_tags, num_tags) / 10)

    def forward(self, emissions: torch.Tensor, tags: torch.LongTensor, mask: Optional[torch.ByteTensor] = None,
                reduction: str = "sum") -> torch.Tensor:
        if reduction not in ("none", "sum", "mean"):
            raise ValueError("invalid reduction")
        if emissions.shape[:2] != tags.shape:
            raise ValueError("the first two dimensions of emissions and tags must match")
        if mask is None:
            mask = torch.ones_like(tags, dtype=torch.uint8)
        score = emissions.gather(2, tags.unsqueeze(2)).squeeze(2) * mask.float()
        if reduction == "none":
            return score.sum(1)
        if reduction == "mean":
            return score.mean()
        return score.sum()

    @torch.jit.export
    def decode(self, emissions: torch.Tensor, lengths: torch.Tensor) -> List[List[int]]:
        history: List[torch.Tensor] = []
        for i in range(emissions.size(1)):
            history.append(emissions[:, i].argmax(dim=1))
        out: List[List[int]] = []
        for b in range(emissions.size(0)):
            best: List[int] = []
            best.append(emissions[b, 0].argmax().item())
            for h in history[1:lengths[b]]:
                best.append(h[b].item())
            out.append(best)
        return out


torch.manual_seed(0)
m = torch.jit.script(Tagger(3))
em = torch.randn(2, 4, 3)
tags = torch.tensor([[0, 1, 2, 1], [2, 2, 0, 1]])
mask = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]], dtype=torch.uint8)
print(f"{m(em, tags).item():.4f}", f"{m(em, tags, mask, 'mean').item():.4f}")
print([round(v, 4) for v in m(em, tags, mask, "none").tolist()])
print(m.decode(em, torch.tensor([4, 2])))
for bad in ("max",):
    try:
        m(em, tags, mask, bad)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
try:
    m(em, tags[:, :3])
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
for lengths in (torch.tensor([4.0, 2.0]), torch.tensor([[4, 2]])):
    try:
        m.decode(em, lengths)
    except Exception as e:
        print(type(e).__name__, [l for l in str(e).splitlines() if "Cannot input" in l][:1])


@torch.jit.script
def pick(xs: List[int], k: torch.Tensor, names: List[str], name: str) -> List[int]:
    if name in names and 3 in xs and 2.5 not in [1.0, 2.0]:
        return xs[:k]
    return xs[k:]


print(pick([1, 2, 3, 4], torch.tensor(2), ["a", "b"], "a"), pick([1, 2, 3, 4], torch.tensor(1), ["a"], "z"))
