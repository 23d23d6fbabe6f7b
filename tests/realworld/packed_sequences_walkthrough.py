# Real-program corpus (tests/realworld, see README.md): the PackedSequence walkthrough of
# sgrvinod's text-classification tutorial: an nn.RNN over zero-padded sequences (computing over the
# pads) against the same RNN over `pack_padded_sequence(..., enforce_sorted=False)`, the
# PackedSequence's fields (data, batch_sizes, sorted_indices, unsorted_indices) read as attributes
# and by tuple unpacking, a Linear applied to `.data` and re-padded through a PackedSequence built
# by keywords, then the packing done by hand (sort by length, effective batch size per time step,
# flattening by time step), and the `batch_size_t` loop his captioning and tagging decoders use to
# skip the pads step by step.
# Origin: sgrvinod/a-PyTorch-Tutorial-to-Text-Classification understanding_packed_sequences.py;
# the batch_size_t loop from sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning models.py
# (DecoderWithAttention.forward) @ ec11e234bbbae2adcd7d665489999410911a9fb4 /
# cc9c7e2f4017938d414178d3781fed8dbe442852.
# Written for Kiln, not copied. Changes: a seed (the tutorial's layers are unseeded), printing at
# three decimals, and a checked comparison of the hand-made packing with PyTorch's.
import torch
from torch import nn
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)
torch.set_printoptions(precision=3)

# four sequences of lengths 2, 3, 2 and 5, zero-padded to 6 steps
sequences = torch.FloatTensor([[1, 2, 0, 0, 0, 0],
                               [3, 4, 5, 0, 0, 0],
                               [5, 6, 0, 0, 0, 0],
                               [8, 9, 10, 11, 12, 0]])
seq_lengths = torch.LongTensor([2, 3, 2, 5])

rnn = nn.RNN(1, 1, batch_first=True)
padded_out, _ = rnn(sequences.unsqueeze(2))
print("RNN over the pads:")
print(padded_out.squeeze(2))

fc = nn.Linear(1, 1)
print("Linear over the pads:")
print(fc(sequences.unsqueeze(2)).squeeze(2))

packed = pack_padded_sequence(sequences.unsqueeze(2), lengths=seq_lengths, batch_first=True,
                              enforce_sorted=False)
print(type(packed).__name__, isinstance(packed, tuple), len(packed))
packed_out, hidden = rnn(packed)
print(type(packed_out).__name__, tuple(hidden.shape))
repadded, lengths_back = pad_packed_sequence(packed_out, batch_first=True)
print("RNN over the packed sequences, re-padded to the longest (5):")
print(repadded.squeeze(2))
print("lengths:", lengths_back)
# the outputs at the real steps agree; the padded run differs after a sequence ends
for i, n in enumerate(seq_lengths.tolist()):
    same = torch.allclose(repadded[i, :n, 0], padded_out[i, :n, 0])
    print(f"sequence {i}: {n} steps, same as the padded run: {same}")
# the final hidden state of each sequence is its last real output (in the original order)
last = repadded[torch.arange(4), seq_lengths - 1, 0]
print("h_n is the last real output:", torch.allclose(hidden[0, :, 0], last))

print("sorted_indices:", packed.sorted_indices)
print("data:", packed.data.squeeze(1))
print("batch_sizes:", packed.batch_sizes)
print("unsorted_indices:", packed.unsorted_indices)
data, batch_sizes, sorted_indices, unsorted_indices = packed
print(data.shape, batch_sizes.dtype, sorted_indices.tolist(), unsorted_indices.tolist())

# any per-element layer runs on .data directly; re-pad through a PackedSequence made by keywords
fc_data = fc(packed.data)
fc_padded, _ = pad_packed_sequence(PackedSequence(data=fc_data, batch_sizes=packed.batch_sizes,
                                                  sorted_indices=packed.sorted_indices,
                                                  unsorted_indices=packed.unsorted_indices),
                                   batch_first=True)
print("Linear over the packed data, re-padded:")
print(fc_padded.squeeze(2))

# 1. sort by decreasing length
sorted_lengths, sort_indices = torch.sort(seq_lengths, descending=True)
sorted_sequences = sequences[sort_indices]
print(sort_indices, torch.equal(sort_indices, packed.sorted_indices))
print(sorted_sequences)
# 2. the effective batch size at each time step
effective_batch_sizes = [(i < sorted_lengths).sum().item() for i in range(sorted_sequences.size(1))]
print(effective_batch_sizes, packed.batch_sizes.tolist())
# 3. flatten by time step, leaving out the pads
flattened = torch.cat([sorted_sequences[:, i][:effective_batch_sizes[i]]
                       for i in range(sorted_sequences.size(1))], dim=0)
print(flattened)
print("same as PackedSequence.data:", torch.equal(flattened, packed.data.squeeze(1)))


# the batch_size_t loop: a cell run step by step over the sorted batch, only on the sequences
# still going at that step, as the captioning decoder does
class StepDecoder(nn.Module):
    def __init__(self, hidden_size=4):
        super(StepDecoder, self).__init__()
        self.hidden_size = hidden_size
        self.cell = nn.GRUCell(1, hidden_size)
        self.out = nn.Linear(hidden_size, 1)

    def forward(self, seqs, lengths):
        lengths, sort_ind = lengths.sort(dim=0, descending=True)
        seqs = seqs[sort_ind]
        decode_lengths = lengths.tolist()
        batch_size = seqs.size(0)
        h = torch.zeros(batch_size, self.hidden_size)
        predictions = torch.zeros(batch_size, max(decode_lengths))
        for t in range(max(decode_lengths)):
            batch_size_t = sum([l > t for l in decode_lengths])
            h = self.cell(seqs[:batch_size_t, t].unsqueeze(1), h[:batch_size_t])
            predictions[:batch_size_t, t] = self.out(h).squeeze(1)
        return predictions, decode_lengths, sort_ind


decoder = StepDecoder()
preds, decode_lengths, sort_ind = decoder(sequences, seq_lengths)
print(decode_lengths, sort_ind.tolist())
print(preds)
targets = sequences[sort_ind]
scores = pack_padded_sequence(preds, decode_lengths, batch_first=True).data
targets = pack_padded_sequence(targets, decode_lengths, batch_first=True).data
print(scores.shape, targets.shape, targets)
loss = nn.MSELoss()(scores, targets)
loss.backward()
print(f"loss {loss.item():.4f}", decoder.cell.weight_ih.grad.shape,
      type(loss.grad_fn).__name__)
