# torch.nn.utils.rnn: PackedSequence, pack_padded_sequence, pad_packed_sequence, pad_sequence,
# pack_sequence, unpad_sequence, unpack_sequence (PyTorch's layouts and messages). The recurrent layers
# (torch.nn.modules.rnn) run a PackedSequence step by step on its batch_sizes.
from collections import namedtuple

import torch


# PyTorch's PackedSequence is a namedtuple subclass (PackedSequence_ holds the four fields): it is a
# tuple of length 4 (`data, batch_sizes, _, _ = packed`, isinstance(packed, tuple), pytree flattening,
# _replace/_asdict), its fields are read-only, and its repr is the namedtuple's.
PackedSequence_ = namedtuple("PackedSequence_", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])


class PackedSequence(PackedSequence_):
    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = _invert_permutation(sorted_indices)
        if batch_sizes is not None:
            if batch_sizes.device.type != "cpu":
                raise ValueError(
                    "batch_sizes should always be on CPU. Instances of PackedSequence should never be created "
                    "manually. They should be instantiated by functions like pack_sequence and "
                    "pack_padded_sequences in nn.utils.rnn. "
                    "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
            return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)
        # the (data, batch_sizes) pair form
        assert isinstance(data, (list, tuple)) and len(data) == 2
        return super().__new__(cls, data[0], data[1], sorted_indices, unsorted_indices)

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        # the index tensors follow the data's device, never its dtype
        kwargs = {k: v for k, v in kwargs.items() if k != "device" and k != "dtype"}
        sorted_indices = None if self.sorted_indices is None else self.sorted_indices.to(data.device, **kwargs)
        unsorted_indices = None if self.unsorted_indices is None else self.unsorted_indices.to(data.device, **kwargs)
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cuda(self, *args, **kwargs):
        return self.to(*args, device="cuda", **kwargs)

    def cpu(self, *args, **kwargs):
        return self.to(*args, device="cpu", **kwargs)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    def short(self):
        return self.to(dtype=torch.short)

    def char(self):
        return self.to(dtype=torch.int8)

    def byte(self):
        return self.to(dtype=torch.uint8)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return self.data.is_pinned()


def _invert_permutation(permutation):
    if permutation is None:
        return None
    inverse = [0] * permutation.numel()
    for i, p in enumerate(permutation.tolist()):
        inverse[p] = i
    return torch.tensor(inverse, dtype=permutation.dtype)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64)
    else:
        lengths = lengths.to(dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, sorted_indices)
    if batch_first:
        input = input.transpose(0, 1)
    lens = lengths.tolist()
    if len(lens) != input.size(1):
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {len(lens)} "
                           f"(batch_size={input.size(1)})")
    for i in range(len(lens) - 1):
        if lens[i] < lens[i + 1]:
            raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
                               "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence "
                               "to sidestep this requirement if you do not need ONNX exportability.")
    if len(lens) == 0 or lens[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if lens[0] > input.size(0):
        raise RuntimeError(f"Expected sequence length to be larger than or equal to the maximum length "
                           f"{lens[0]}, but got {input.size(0)}")
    steps = []
    sizes = []
    for t in range(lens[0]):
        b = 0
        for n in lens:
            if n > t:
                b += 1
        steps.append(input[t, :b])
        sizes.append(b)
    data = torch.cat(steps, 0)
    return PackedSequence(data, torch.tensor(sizes, dtype=torch.int64), sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    data = sequence.data
    sizes = sequence.batch_sizes.tolist()
    max_seq_length = len(sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, "
                             f"but got total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    batch = sizes[0]
    out = torch.full([max_seq_length, batch] + list(data.shape[1:]), padding_value, dtype=data.dtype,
                     device=data.device)
    rows = []
    offset = 0
    for t, b in enumerate(sizes):
        rows.append(data[offset:offset + b])
        offset += b
    if rows:
        pieces = []
        for t in range(max_seq_length):
            if t < len(rows):
                r = rows[t]
                if r.size(0) < batch:
                    pad = torch.full([batch - r.size(0)] + list(data.shape[1:]), padding_value, dtype=data.dtype,
                                     device=data.device)
                    r = torch.cat([r, pad], 0)
                pieces.append(r)
            else:
                pieces.append(out[t])
        out = torch.stack(pieces, 0)
    lengths = []
    for b in range(batch):
        n = 0
        for s in sizes:
            if s > b:
                n += 1
        lengths.append(n)
    lengths = torch.tensor(lengths, dtype=torch.int64)
    if batch_first:
        out = out.transpose(0, 1)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return out.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices]
    return out, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    if isinstance(sequences, torch.Tensor):
        sequences = list(sequences.unbind(0))
    sequences = list(sequences)
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    max_len = max(s.size(0) for s in sequences)
    trailing = list(sequences[0].shape[1:])
    rows = []
    for s in sequences:
        n = s.size(0)
        if n < max_len:
            pad = torch.full([max_len - n] + trailing, padding_value, dtype=s.dtype, device=s.device)
            s = torch.cat([s, pad], 0) if padding_side == "right" else torch.cat([pad, s], 0)
        rows.append(s)
    # Stacked along the batch dim of the result, so it is contiguous either way as ATen's (it fills a
    # fresh (B, T, *) or (T, B, *) tensor): time-major callers then view it, e.g. trg[1:].view(-1).
    return torch.stack(rows, 0 if batch_first else 1)


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    return [seq[:int(length)] for seq, length in zip(padded_sequences, lengths)]


def unpack_sequence(packed_sequences):
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
