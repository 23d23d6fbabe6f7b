# Real-program corpus (tests/realworld, see README.md): a linear-chain CRF layer in the shape of
# kmkurn/pytorch-crf @ 623e3402d00a2728e99d6e8486010d67c754267b (torchcrf/__init__.py, the package
# NER taggers pip-install, and its tests/test_crf.py): a module with start/end/transition parameters,
# forward() returning the log likelihood with reduction none/sum/mean/token_mean, decode() by Viterbi
# returning List[List[int]], both typed for TorchScript with the legacy annotations
# `tags: torch.LongTensor, mask: Optional[torch.ByteTensor]`, argument checks written as
# `reduction not in (...)` and `emissions.shape[:2] != tags.shape`, Viterbi back-pointers read through
# `history[:seq_ends[idx]][::-1]` (a list sliced by a 0-d tensor) and `.item()` appended to a
# List[int]; the tests' brute-force check over itertools.product(range(num_tags), repeat=mask.sum())
# (a tensor count); torch.jit.script of the layer compared with eager; then a BiLSTM-CRF tagger
# trained a few Adam steps, decoded eagerly and through the scripted CRF.
# Written for Kiln, not copied. Changes from the origin: tiny tag set and sequences, a BiLSTM emitter
# and training loop in the style of the package's README usage.
import itertools
import math
import random
from typing import List, Optional

import torch
import torch.nn as nn

random.seed(7)
torch.manual_seed(7)


class LinearChainCRF(nn.Module):
    def __init__(self, num_tags: int, batch_first: bool = False) -> None:
        if num_tags <= 0:
            raise ValueError(f"invalid number of tags: {num_tags}")
        super().__init__()
        self.num_tags = num_tags
        self.batch_first = batch_first
        self.start_transitions = nn.Parameter(torch.empty(num_tags))
        self.end_transitions = nn.Parameter(torch.empty(num_tags))
        self.transitions = nn.Parameter(torch.empty(num_tags, num_tags))
        for p in (self.start_transitions, self.end_transitions, self.transitions):
            nn.init.uniform_(p, -0.1, 0.1)

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}(num_tags={self.num_tags})"

    def forward(self, emissions: torch.Tensor, tags: torch.LongTensor, mask: Optional[torch.ByteTensor] = None,
                reduction: str = "mean") -> torch.Tensor:
        self._check(emissions, tags=tags, mask=mask)
        if reduction not in ("none", "sum", "mean", "token_mean"):
            raise ValueError(f"invalid reduction: {reduction}")
        if mask is None:
            mask = torch.ones_like(tags, dtype=torch.uint8, device=tags.device)
        if mask.dtype != torch.uint8:
            mask = mask.byte()
        if self.batch_first:
            emissions = emissions.transpose(0, 1)
            tags = tags.transpose(0, 1)
            mask = mask.transpose(0, 1)
        llh = self._path_score(emissions, tags, mask) - self._log_partition(emissions, mask)
        if reduction == "none":
            return llh
        if reduction == "sum":
            return llh.sum()
        if reduction == "mean":
            return llh.mean()
        return llh.sum() / mask.float().sum()

    @torch.jit.export
    def decode(self, emissions: torch.Tensor, mask: Optional[torch.ByteTensor] = None) -> List[List[int]]:
        self._check(emissions, mask=mask)
        if mask is None:
            mask = emissions.new_ones(emissions.shape[:2], dtype=torch.uint8)
        if mask.dtype != torch.uint8:
            mask = mask.byte()
        if self.batch_first:
            emissions = emissions.transpose(0, 1)
            mask = mask.transpose(0, 1)
        return self._viterbi(emissions, mask)

    def _check(self, emissions: torch.Tensor, tags: Optional[torch.LongTensor] = None,
               mask: Optional[torch.ByteTensor] = None) -> None:
        if emissions.dim() != 3:
            raise ValueError(f"emissions must have dimension of 3, got {emissions.dim()}")
        if emissions.size(2) != self.num_tags:
            raise ValueError(f"expected last dimension of emissions is {self.num_tags}, got {emissions.size(2)}")
        if tags is not None:
            if emissions.shape[:2] != tags.shape:
                raise ValueError("the first two dimensions of emissions and tags must match")
        if mask is not None:
            if emissions.shape[:2] != mask.shape:
                raise ValueError("the first two dimensions of emissions and mask must match")

    def _path_score(self, emissions: torch.Tensor, tags: torch.LongTensor, mask: torch.ByteTensor) -> torch.Tensor:
        steps, batch = tags.shape
        fmask = mask.type_as(emissions)
        rows = torch.arange(batch)
        score = self.start_transitions[tags[0]] + emissions[0, rows, tags[0]]
        for t in range(1, steps):
            score = score + (self.transitions[tags[t - 1], tags[t]] + emissions[t, rows, tags[t]]) * fmask[t]
        last = tags[fmask.long().sum(dim=0) - 1, rows]
        return score + self.end_transitions[last]

    def _log_partition(self, emissions: torch.Tensor, mask: torch.ByteTensor) -> torch.Tensor:
        alpha = self.start_transitions + emissions[0]
        for t in range(1, emissions.size(0)):
            nxt = torch.logsumexp(alpha.unsqueeze(2) + self.transitions + emissions[t].unsqueeze(1), dim=1)
            alpha = torch.where(mask[t].unsqueeze(1) != 0, nxt, alpha)
        return torch.logsumexp(alpha + self.end_transitions, dim=1)

    def _viterbi(self, emissions: torch.Tensor, mask: torch.ByteTensor) -> List[List[int]]:
        steps, batch = mask.shape
        score = self.start_transitions + emissions[0]
        history: List[torch.Tensor] = []
        for t in range(1, steps):
            best, idx = (score.unsqueeze(2) + self.transitions + emissions[t].unsqueeze(1)).max(dim=1)
            score = torch.where(mask[t].unsqueeze(1) != 0, best, score)
            history.append(idx)
        score = score + self.end_transitions
        ends = mask.long().sum(dim=0) - 1
        paths: List[List[int]] = []
        for b in range(batch):
            _, last = score[b].max(dim=0)
            path: List[int] = []
            path.append(last.item())
            for back in history[:ends[b]][::-1]:
                last = back[b][path[-1]]
                path.append(last.item())
            path.reverse()
            paths.append(path)
        return paths


def brute_force_llh(crf, emission, tag_seq):
    # all tag sequences of the unmasked length, as the package's tests enumerate them
    def score(tags):
        s = crf.start_transitions[tags[0]] + crf.end_transitions[tags[-1]]
        for a, b in zip(tags, tags[1:]):
            s = s + crf.transitions[a, b]
        for e, t in zip(emission, tags):
            s = s + e[t]
        return s
    numer = score(tag_seq)
    denom = math.log(sum(math.exp(score(t).item())
                         for t in itertools.product(range(crf.num_tags), repeat=torch.tensor(len(tag_seq)))))
    return numer.item() - denom


crf = LinearChainCRF(4)
print(crf, [tuple(p.shape) for p in crf.parameters()])
emissions = torch.randn(5, 3, 4)
tags = torch.tensor([[random.randrange(4) for _ in range(3)] for _ in range(5)])
mask = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 1, 0], [1, 0, 0], [1, 0, 0]], dtype=torch.uint8)
llh = crf(emissions, tags, mask=mask, reduction="none")
print("llh", [round(v, 4) for v in llh.tolist()])
manual = []
for b in range(3):
    n = mask[:, b].sum()
    manual.append(brute_force_llh(crf, emissions[:n, b], tags[:n, b].tolist()))
print("brute force matches:", all(abs(a - b) < 1e-4 for a, b in zip(llh.tolist(), manual)))
for red in ("sum", "mean", "token_mean"):
    print(red, round(crf(emissions, tags, mask=mask, reduction=red).item(), 4))
print("decode", crf.decode(emissions, mask=mask))
for bad in (lambda: crf(emissions, tags, reduction="max"), lambda: crf(emissions, tags[:3]),
            lambda: LinearChainCRF(0), lambda: crf.decode(emissions[..., :3])):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)

scripted = torch.jit.script(crf)
print("scripted forward", round(scripted(emissions, tags, mask, "sum").item(), 4),
      torch.allclose(scripted(emissions, tags, mask, "none"), llh))
print("scripted decode", scripted.decode(emissions, mask) == crf.decode(emissions, mask))


class BiLSTMCRFTagger(nn.Module):
    def __init__(self, vocab, num_tags, emb=8, hidden=6):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(2 * hidden, num_tags)
        self.crf = LinearChainCRF(num_tags, batch_first=True)

    def emissions(self, words):
        out, _ = self.lstm(self.embed(words))
        return self.proj(out)

    def loss(self, words, tags, mask):
        return -self.crf(self.emissions(words), tags, mask=mask, reduction="token_mean")


vocab, num_tags = 12, 3
sentences = [[random.randrange(1, vocab) for _ in range(random.randint(3, 6))] for _ in range(8)]
width = max(len(s) for s in sentences)
words = torch.tensor([s + [0] * (width - len(s)) for s in sentences])
gold = torch.tensor([[w % num_tags for w in s] + [0] * (width - len(s)) for s in sentences])
pad_mask = (words != 0).byte()
model = BiLSTMCRFTagger(vocab, num_tags)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for step in range(12):
    opt.zero_grad()
    loss = model.loss(words, gold, pad_mask)
    loss.backward()
    opt.step()
    if step % 3 == 0:
        print(f"step {step} loss {loss.item():.4f}")
with torch.no_grad():
    em = model.emissions(words)
    paths = model.crf.decode(em, mask=pad_mask)
    scripted_paths = torch.jit.script(model.crf).decode(em, pad_mask)
correct = sum(p == t for path, s, g in zip(paths, sentences, gold.tolist()) for p, t in zip(path, g[:len(s)]))
print("paths", paths[:3], "same as scripted:", paths == scripted_paths)
print("token accuracy", correct, "/", int(pad_mask.sum()))
