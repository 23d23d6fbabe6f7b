import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence, pack_sequence


def show(name, t):
    print(name, tuple(t.shape), " ".join(f"{v:.4f}" for v in t.detach().flatten().tolist()))


seqs = [torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0]), torch.tensor([6.0])]
padded = pad_sequence(seqs)
print(padded)
print(pad_sequence(seqs, batch_first=True, padding_value=-1.0))
packed = pack_padded_sequence(padded, [3, 2, 1])
print(packed.data, packed.batch_sizes, packed.sorted_indices)
back, lengths = pad_packed_sequence(packed)
print(back, lengths)
print(pack_sequence(seqs).batch_sizes)

# unsorted lengths
batch = pad_sequence([torch.tensor([1.0]), torch.tensor([2.0, 3.0, 4.0]), torch.tensor([5.0, 6.0])], batch_first=True)
p = pack_padded_sequence(batch, torch.tensor([1, 3, 2]), batch_first=True, enforce_sorted=False)
print(p.data, p.batch_sizes, p.sorted_indices, p.unsorted_indices)
padded2, lens2 = pad_packed_sequence(p, batch_first=True)
print(padded2, lens2)
try:
    pack_padded_sequence(batch, [1, 3, 2], batch_first=True)
except RuntimeError as e:
    print("RuntimeError", str(e)[:70])

# an LSTM over the packed batch: each sequence stops at its length
torch.manual_seed(0)
lstm = nn.LSTM(1, 2, batch_first=True)
x = batch.unsqueeze(-1)
out, (h, c) = lstm(pack_padded_sequence(x, [1, 3, 2], batch_first=True, enforce_sorted=False))
o, lens = pad_packed_sequence(out, batch_first=True)
show("out", o)
show("h", h)
for i, n in enumerate([1, 3, 2]):
    single, (hs, cs) = lstm(x[i:i + 1, :n])
    print(i, torch.allclose(hs[0, 0], h[0, i], atol=1e-6), torch.allclose(single[0], o[i, :n], atol=1e-6))

torch.manual_seed(1)
gru = nn.GRU(1, 2, bidirectional=True)
out, h = gru(pack_sequence([torch.tensor([[1.0], [2.0]]), torch.tensor([[3.0]])]))
o, lens = pad_packed_sequence(out)
show("gru_out", o)
show("gru_h", h)
