# nn.utils.rnn.pad_sequence returns a fresh contiguous tensor in either layout (time-major by
# default), so seq2seq code can flatten a slice of it with .view(-1); values, padding_value,
# padding_side, trailing dims and the packed round trip.
import torch
from torch.nn.utils.rnn import pad_sequence, pack_padded_sequence, pad_packed_sequence

seqs = [torch.tensor([1, 2, 3]), torch.tensor([4]), torch.tensor([5, 6])]
t = pad_sequence(seqs, padding_value=9)
print(t.shape, t.is_contiguous(), t.stride(), t.tolist())
print(t[1:].view(-1).tolist())
bf = pad_sequence(seqs, batch_first=True)
print(bf.shape, bf.is_contiguous(), bf.stride(), bf.tolist())
print(pad_sequence(seqs, batch_first=True, padding_side="left").tolist())
feats = [torch.ones(2, 3), torch.zeros(4, 3)]
f = pad_sequence(feats)
print(f.shape, f.is_contiguous(), f.stride())
x = torch.randn(3, 2, requires_grad=True)
out = pad_sequence([x, x[:1]])
out.sum().backward()
print(x.grad.tolist())
packed = pack_padded_sequence(t, torch.tensor([3, 1, 2]), enforce_sorted=False)
back, lens = pad_packed_sequence(packed, padding_value=9)
print(torch.equal(back, t), lens.tolist())
