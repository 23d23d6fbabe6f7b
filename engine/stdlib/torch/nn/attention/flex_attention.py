# torch.nn.attention.flex_attention: FlexAttention's user API as PyTorch 2.11 has it (BlockMask,
# create_block_mask, create_mask, flex_attention, and_masks/or_masks/noop_mask, AuxRequest/AuxOutput).
#
# Eagerly PyTorch runs flex_attention through its dense reference ("math_attention" of
# torch/_higher_order_ops/flex_attention.py): scores = q @ k^T in float32 (float64 for float64 inputs),
# scaled, score_mod applied to every score and mask_mod deciding which scores become -inf, then a
# "safe" softmax (all-masked rows give zeros) and @ v. Block sparsity does not enter the eager result:
# only the BlockMask's mask_mod does. This module computes the same thing with ordinary tensor ops, so
# autograd, torch.compile and the FX capture see plain aten ops (PyTorch's Dynamo emits one
# flex_attention higher-order op instead; the values agree).
#
# PyTorch evaluates score_mod/mask_mod under four nested torch.vmap calls, one per b/h/q_idx/kv_idx
# dimension. Kiln calls them once with broadcasting index tensors shaped (B,1,1,1), (1,H,1,1),
# (1,1,Q,1), (1,1,1,KV) and expands the result to (B,H,Q,KV): the same values for every mod that
# vmap accepts (elementwise arithmetic, comparisons, torch.where, indexing a captured tensor with the
# index tensors), without one Python call per score.
#
# Like PyTorch 2.11, inputs that require grad on the CPU are refused (no CPU backward).
# Left out: nested (jagged) tensors and create_nested_block_mask, FP8 layouts, kernel_options'
# effects (accepted and validated as PyTorch does; they tune GPU kernels only).
import functools
import itertools
import math
import operator
import warnings
from collections import namedtuple
from enum import Enum

import torch
from torch import Tensor

__all__ = [
    "BlockMask",
    "flex_attention",
    "AuxOutput",
    "AuxRequest",
    "FlexKernelOptions",
    "create_block_mask",
    "create_mask",
    "or_masks",
    "and_masks",
    "noop_mask",
]

# PyTorch's private debug switch: True skips the internal compile (here: nothing to skip) and the
# performance warning.
_FLEX_ATTENTION_DISABLE_COMPILE_DEBUG = False

_WARNINGS_SHOWN = set()


def _warn_once(warning_id, message, category=UserWarning):
    if warning_id not in _WARNINGS_SHOWN:
        warnings.warn(message, category, stacklevel=3)
        _WARNINGS_SHOWN.add(warning_id)


# A TypedDict in PyTorch (total=False): a plain dict type for annotations and construction.
FlexKernelOptions = dict


class AuxRequest(namedtuple("AuxRequest", ["lse", "max_scores"], defaults=[False, False])):
    """Request which auxiliary outputs to compute from flex_attention."""
    __slots__ = ()


class AuxOutput(namedtuple("AuxOutput", ["lse", "max_scores"], defaults=[None, None])):
    """Auxiliary outputs from flex_attention (None where not requested)."""
    __slots__ = ()


class _ModificationType(Enum):
    SCORE_MOD = 1
    MASK_MOD = 2
    UNKNOWN = 3


def _get_mod_type(fn):
    # 5 positional parameters without defaults: a score_mod; 4: a mask_mod (PyTorch's rule).
    if hasattr(fn, "__code__"):
        code = fn.__code__
        defaults = getattr(fn, "__defaults__", None) or ()
        num_positional_args = code.co_argcount - len(defaults)
    else:
        import inspect
        num_positional_args = sum(1 for p in inspect.signature(fn).parameters.values()
                                  if p.default is inspect.Parameter.empty)
    assert num_positional_args == 5 or num_positional_args == 4
    if num_positional_args == 5:
        return _ModificationType.SCORE_MOD
    elif num_positional_args == 4:
        return _ModificationType.MASK_MOD
    return _ModificationType.UNKNOWN


def _identity(score, batch, head, token_q, token_kv):
    return score


def noop_mask(batch, head, token_q, token_kv):
    """Returns a noop mask_mod"""
    return batch.new_ones(size=(), dtype=torch.bool, device=batch.device)


def _sliced_mask_mod_error(batch, head, token_q, token_kv):
    raise RuntimeError(
        "Cannot use mask_mod from a sliced BlockMask. "
        "When you slice a BlockMask using [], the mask_mod attribute is reset. "
        "You must set it from the original BlockMask's mask_mod."
        "\n\nIncorrect usage:"
        "\n  base_mask = create_block_mask(my_mask_fn, ...)"
        "\n  sliced_mask = base_mask[:, :, block_idx]"
        "\n  sliced_mask.mask_mod = apply_offset(sliced_mask.mask_mod, offset)  # WRONG!"
        "\n\nCorrect usage:"
        "\n  base_mask = create_block_mask(my_mask_fn, ...)"
        "\n  sliced_mask = base_mask[:, :, block_idx]"
        "\n  sliced_mask.mask_mod = apply_offset(base_mask.mask_mod, offset)  # Use base_mask!"
    )


_DEFAULT_SPARSE_BLOCK_SIZE = 128
_LARGE_SPARSE_BLOCK_SIZE = 1 << 30


def _bhqkv_apply(fn, lead, b, h, m, n, extra=()):
    # The vmap-over-(b, h, q_idx, kv_idx) result of fn as one broadcast call (see the header).
    B, H, M, N = b.numel(), h.numel(), m.numel(), n.numel()
    out = fn(*lead, b.view(B, 1, 1, 1), h.view(1, H, 1, 1), m.view(1, 1, M, 1), n.view(1, 1, 1, N), *extra)
    if not isinstance(out, Tensor):
        out = torch.tensor(out, device=b.device)
    return out.expand(B, H, M, N)


def _ordered_to_dense(num_blocks_in_row, col_indices):
    # Row r has ones at col_indices[r, :num_blocks_in_row[r]] (one scatter over all batch dims, the
    # writes past the count landing in a dropped extra column, as PyTorch's per-batch version does).
    num_rows = col_indices.shape[-2]
    num_cols = col_indices.shape[-1]
    batch_dims = tuple(num_blocks_in_row.shape[:-1])
    device = num_blocks_in_row.device
    col_range = torch.arange(num_cols, dtype=torch.int, device=device)
    index_mask = col_range < num_blocks_in_row.unsqueeze(-1)
    valid_indices = torch.where(index_mask, col_indices, num_cols).to(torch.int64)
    dense = torch.zeros(*batch_dims, num_rows, num_cols + 1, dtype=torch.int32, device=device)
    dense.scatter_(-1, valid_indices, 1)
    return dense[..., :num_cols].contiguous()


def _dense_to_ordered(dense_mask):
    dense_mask = dense_mask.to(dtype=torch.int32)
    num_blocks_in_row = dense_mask.sum(dim=-1)
    col_indices = torch.argsort(dense_mask, dim=-1, descending=True, stable=True)
    return (num_blocks_in_row.to(torch.int32).contiguous(), col_indices.to(torch.int32).contiguous())


def _transpose_ordered(num_blocks_in_row, col_indices):
    dense = _ordered_to_dense(num_blocks_in_row, col_indices)
    return _dense_to_ordered(dense.transpose(-2, -1))


def _adjust_num_blocks_and_indices(num_blocks, indices, new_num_rows, new_num_cols):
    indices = indices[:, :, :new_num_rows, :new_num_cols]
    num_blocks = num_blocks[:, :, :new_num_rows]
    num_blocks = torch.where(num_blocks < new_num_cols, num_blocks, new_num_cols)
    num_blocks = torch.sum(indices < num_blocks[:, :, :, None], dim=-1).to(torch.int32)
    return num_blocks, indices


class BlockMask:
    r"""BlockMask is FlexAttention's block-sparse mask format: per Q_BLOCK_SIZE row tile, the number
    of KV blocks it visits (kv_num_blocks) and their indices (kv_indices), the fully unmasked blocks
    apart (full_kv_*), their transposes for the backward (q_*, full_q_*), the BLOCK_SIZE, the
    sequence lengths and the mask_mod it came from."""

    _TENSOR_ATTRS = ["kv_num_blocks", "kv_indices", "full_kv_num_blocks", "full_kv_indices",
                     "q_num_blocks", "q_indices", "full_q_num_blocks", "full_q_indices"]
    _CONTEXT_ATTRS = ["seq_lengths", "BLOCK_SIZE", "mask_mod"]

    def __init__(self, seq_lengths, kv_num_blocks, kv_indices, full_kv_num_blocks, full_kv_indices,
                 q_num_blocks, q_indices, full_q_num_blocks, full_q_indices, BLOCK_SIZE, mask_mod):
        if kv_indices.dim() < 2:
            raise RuntimeError("BlockMask must have at least 2 dimensions")
        assert kv_num_blocks is not None, "kv_num_blocks must be provided"
        assert kv_indices is not None, "kv_indices must be provided"
        assert (full_kv_num_blocks is None) == (full_kv_indices is None), (
            "full_kv_num_blocks and full_kv_indices must be both provided or omitted")
        assert (full_q_num_blocks is None) == (full_q_indices is None), (
            "full_q_num_blocks and full_q_indices must be both provided or omitted")
        self.seq_lengths = seq_lengths
        self.kv_num_blocks = kv_num_blocks
        self.kv_indices = kv_indices
        self.full_kv_num_blocks = full_kv_num_blocks
        self.full_kv_indices = full_kv_indices
        self.q_num_blocks = q_num_blocks
        self.q_indices = q_indices
        self.full_q_num_blocks = full_q_num_blocks
        self.full_q_indices = full_q_indices
        self.BLOCK_SIZE = BLOCK_SIZE
        self.mask_mod = mask_mod

    @classmethod
    def from_kv_blocks(cls, kv_num_blocks, kv_indices, full_kv_num_blocks=None, full_kv_indices=None,
                       BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE, mask_mod=None, seq_lengths=None,
                       compute_q_blocks=True):
        if kv_indices.dim() < 2:
            raise RuntimeError("BlockMask must have at least 2 dimensions")
        assert (full_kv_num_blocks is None) == (full_kv_indices is None), (
            "full_kv_num_blocks and full_kv_indices must be both provided or omitted")
        if compute_q_blocks:
            q_num_blocks, q_indices = _transpose_ordered(kv_num_blocks, kv_indices)
            if full_kv_num_blocks is not None:
                full_q_num_blocks, full_q_indices = _transpose_ordered(full_kv_num_blocks, full_kv_indices)
            else:
                full_q_num_blocks, full_q_indices = None, None
        else:
            q_num_blocks, q_indices = None, None
            full_q_num_blocks, full_q_indices = None, None
        if isinstance(BLOCK_SIZE, int):
            BLOCK_SIZE = (BLOCK_SIZE, BLOCK_SIZE)
        mask_mod = mask_mod if mask_mod is not None else noop_mask
        if seq_lengths is None:
            seq_lengths = (kv_indices.shape[-2] * BLOCK_SIZE[0], kv_indices.shape[-1] * BLOCK_SIZE[1])
        return cls(seq_lengths=seq_lengths, kv_num_blocks=kv_num_blocks, kv_indices=kv_indices,
                   full_kv_num_blocks=full_kv_num_blocks, full_kv_indices=full_kv_indices,
                   q_num_blocks=q_num_blocks, q_indices=q_indices, full_q_num_blocks=full_q_num_blocks,
                   full_q_indices=full_q_indices, BLOCK_SIZE=BLOCK_SIZE, mask_mod=mask_mod)

    def as_tuple(self, flatten=True):
        if flatten:
            block_size = (self.BLOCK_SIZE[0], self.BLOCK_SIZE[1])
            seq_lengths = (self.seq_lengths[0], self.seq_lengths[1])
        else:
            block_size = (self.BLOCK_SIZE,)
            seq_lengths = (self.seq_lengths,)
        return (*seq_lengths, self.kv_num_blocks, self.kv_indices, self.full_kv_num_blocks,
                self.full_kv_indices, self.q_num_blocks, self.q_indices, self.full_q_num_blocks,
                self.full_q_indices, *block_size, self.mask_mod)

    @property
    def shape(self):
        batch_dims = tuple(self.kv_indices.shape[:-2])
        return batch_dims + tuple(self.seq_lengths)

    def __str__(self):
        s = f"BlockMask(shape={self.shape}, sparsity={self.sparsity():.2f}%, \n"
        s += self.to_string().strip()
        s += "\n)"
        return s

    def __getitem__(self, index):
        index = (index,) if not isinstance(index, tuple) else index
        padded = (*index, slice(None), slice(None), slice(None))[:3]
        sizes = self.kv_num_blocks.shape[:3]
        index = tuple((slice(i + n, i + n + 1) if -n <= i < 0 else slice(i, i + 1)) if isinstance(i, int) else i
                      for i, n in zip(padded, sizes))
        new_kv_num_blocks = self.kv_num_blocks[index]
        new_kv_indices = self.kv_indices[index]
        if self.full_kv_num_blocks is not None:
            new_full_kv_num_blocks = self.full_kv_num_blocks[index]
            new_full_kv_indices = self.full_kv_indices[index]
        else:
            new_full_kv_num_blocks = None
            new_full_kv_indices = None
        return BlockMask.from_kv_blocks(new_kv_num_blocks, new_kv_indices, new_full_kv_num_blocks,
                                        new_full_kv_indices, BLOCK_SIZE=self.BLOCK_SIZE,
                                        mask_mod=_sliced_mask_mod_error, seq_lengths=self.seq_lengths,
                                        compute_q_blocks=self.q_indices is not None)

    def __repr__(self):
        def shape_or_none(x):
            return x.shape if x is not None else None

        return (
            f"BlockMask(\n"
            f"    kv_num_blocks={self.kv_num_blocks.shape},\n"
            f"    kv_indices={self.kv_indices.shape},\n"
            f"    full_kv_num_blocks={shape_or_none(self.full_kv_num_blocks)},\n"
            f"    full_kv_indices={shape_or_none(self.full_kv_indices)},\n"
            f"    q_num_blocks={shape_or_none(self.q_num_blocks)},\n"
            f"    q_indices={shape_or_none(self.q_indices)},\n"
            f"    full_q_num_blocks={shape_or_none(self.full_q_num_blocks)},\n"
            f"    full_q_indices={shape_or_none(self.full_q_indices)},\n"
            f"    BLOCK_SIZE={self.BLOCK_SIZE},\n"
            f"    shape={self.shape},\n"
            f"    sparsity={self.sparsity():.2f}%,\n"
            f"    mask_mod={self.mask_mod.__name__ if hasattr(self.mask_mod, '__name__') else self.mask_mod}\n"
            f")"
        )

    def _adjust(self, new_q_len, new_kv_len):
        new_num_rows = (new_q_len + self.BLOCK_SIZE[0] - 1) // self.BLOCK_SIZE[0]
        new_num_cols = (new_kv_len + self.BLOCK_SIZE[1] - 1) // self.BLOCK_SIZE[1]
        new_kv_num_blocks, new_kv_indices = _adjust_num_blocks_and_indices(
            self.kv_num_blocks, self.kv_indices, new_num_rows, new_num_cols)
        if self.full_kv_num_blocks is not None:
            new_full_kv_num_blocks, new_full_kv_indices = _adjust_num_blocks_and_indices(
                self.full_kv_num_blocks, self.full_kv_indices, new_num_rows, new_num_cols)
        else:
            new_full_kv_num_blocks = None
            new_full_kv_indices = None
        return self.from_kv_blocks(new_kv_num_blocks, new_kv_indices, new_full_kv_num_blocks,
                                   new_full_kv_indices, self.BLOCK_SIZE, self.mask_mod)

    def numel(self):
        return functools.reduce(operator.mul, self.shape, 1)

    def sparsity(self):
        """Computes the percentage of blocks that are sparse (i.e. not computed)"""
        total_size = self.numel()
        computed_blocks = self.kv_num_blocks.sum()
        if self.full_kv_num_blocks is not None:
            computed_blocks += self.full_kv_num_blocks.sum()
        computed_size = computed_blocks.item() * self.BLOCK_SIZE[0] * self.BLOCK_SIZE[1]
        dense_ratio = computed_size / total_size
        return 100 * (1 - dense_ratio)

    def to_dense(self):
        """Returns a dense block that is equivalent to the block mask."""
        partial_dense = _ordered_to_dense(self.kv_num_blocks, self.kv_indices)
        if self.full_kv_num_blocks is not None:
            return partial_dense | _ordered_to_dense(self.full_kv_num_blocks, self.full_kv_indices)
        return partial_dense

    def to_string(self, grid_size=(20, 20), limit=4):
        """Returns a string representation of the block mask."""
        dense_mask = self.to_dense()
        *batch_dims, num_rows, num_cols = dense_mask.shape
        if isinstance(grid_size, int):
            max_rows = grid_size
            max_cols = grid_size
        elif grid_size == -1:
            max_rows = num_rows
            max_cols = num_cols
        else:
            max_rows, max_cols = grid_size

        def create_block_vis(*batch_idx):
            vis = f"{batch_idx}" + "\n"

            def summarize_section(section):
                percentage = section.float().mean().item()
                if percentage == 1:
                    return "\u2588"
                elif percentage == 0:
                    return " "
                return "\u2591"

            def cdiv(a, b):
                return (a + (b - 1)) // b

            row_step = max(1, cdiv(num_rows, max_rows))
            col_step = max(1, cdiv(num_cols, max_cols))
            for r in range(0, num_rows, row_step):
                for c in range(0, num_cols, col_step):
                    cur_mask = dense_mask
                    for idx in batch_idx:
                        cur_mask = cur_mask[idx]
                    vis += summarize_section(cur_mask[r: r + row_step, c: c + col_step]) * 2
                vis += "\n"
            return vis

        total_vis = []
        for idx, batch_idx in enumerate(itertools.product(*[range(i) for i in batch_dims])):
            if idx == limit:
                total_vis.append("...")
                total_vis.append("To print out more, set BlockMask.to_string(limit=N)")
                total_vis.append("You can also index (BlockMask[batch, head]) to choose a specific batch or head")
                break
            total_vis.append(create_block_vis(*batch_idx))
        return "\n".join(total_vis)

    def to(self, device):
        """Moves the BlockMask to the specified device (a new BlockMask)."""
        attrs = [x.to(device) if isinstance(x, Tensor) else x for x in self.as_tuple(flatten=False)]
        return BlockMask(*attrs)


def _broadcast_to_dim(x, dim):
    while x.dim() < dim:
        x = x.unsqueeze(0)
    return x


def _round_up_to_multiple(x, multiple):
    return (x + multiple - 1) // multiple * multiple


def _convert_mask_to_block_mask(mask, Q_BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE,
                                KV_BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE, separate_full_blocks=False):
    assert mask.dtype == torch.bool
    mask = _broadcast_to_dim(mask, 4)

    def padding_needed_for_multiple(x, multiple):
        return _round_up_to_multiple(x, multiple) - x

    mask = torch.nn.functional.pad(mask, (0, padding_needed_for_multiple(mask.shape[-1], KV_BLOCK_SIZE),
                                          0, padding_needed_for_multiple(mask.shape[-2], Q_BLOCK_SIZE)))
    B, H, Q, KV = mask.shape
    assert Q % Q_BLOCK_SIZE == 0
    assert KV % KV_BLOCK_SIZE == 0
    mask = mask.view(B, H, Q // Q_BLOCK_SIZE, Q_BLOCK_SIZE, KV // KV_BLOCK_SIZE, KV_BLOCK_SIZE)
    mask = mask.permute(0, 1, 2, 4, 3, 5)
    mask_block_sum = mask.sum(dim=[-2, -1])
    if separate_full_blocks:
        full_block_sum = Q_BLOCK_SIZE * KV_BLOCK_SIZE
        full_blocks = mask_block_sum == full_block_sum
        partial_blocks = (mask_block_sum > 0) & (mask_block_sum < full_block_sum)
        return partial_blocks.to(dtype=torch.int8), full_blocks.to(dtype=torch.int8)
    partial_blocks = mask_block_sum > 0
    return partial_blocks.to(dtype=torch.int8), None


def or_masks(*mask_mods):
    """Returns a mask_mod that's the union of provided mask_mods"""
    if not all(callable(arg) for arg in mask_mods):
        raise RuntimeError(f"All inputs should be callable mask_mods: {mask_mods}")

    def or_mask(b, h, q_idx, kv_idx):
        result = b.new_zeros((), dtype=torch.bool)
        for mask in mask_mods:
            result = result | mask(b, h, q_idx, kv_idx)
        return result

    return or_mask


def and_masks(*mask_mods):
    """Returns a mask_mod that's the intersection of provided mask_mods"""
    if not all(callable(arg) for arg in mask_mods):
        raise RuntimeError(f"All inputs should be callable mask_mods: {mask_mods}")

    def and_mask(b, h, q_idx, kv_idx):
        result = b.new_ones((), dtype=torch.bool)
        for mask in mask_mods:
            result = result & mask(b, h, q_idx, kv_idx)
        return result

    return and_mask


def _create_sparse_block_from_block_mask(block_mask, mask_mod, seq_lengths,
                                         Q_BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE,
                                         KV_BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE):
    partial_blocks, full_blocks = block_mask
    partial_bm = _dense_to_ordered(partial_blocks)
    full_bm = _dense_to_ordered(full_blocks) if full_blocks is not None else (None, None)
    return BlockMask.from_kv_blocks(partial_bm[0], partial_bm[1], full_bm[0], full_bm[1],
                                    BLOCK_SIZE=(Q_BLOCK_SIZE, KV_BLOCK_SIZE), mask_mod=mask_mod,
                                    seq_lengths=seq_lengths)


def _default_device(device):
    if device is not None:
        return device
    acc = getattr(torch, "accelerator", None)
    cur = acc.current_accelerator() if acc is not None and hasattr(acc, "current_accelerator") else None
    return cur or "cpu"


def create_mask(mod_fn, B, H, Q_LEN, KV_LEN, device=None):
    r"""This function creates a mask tensor (B, H, Q_LEN, KV_LEN) from a score_mod or mask_mod."""
    device = _default_device(device)
    if B is None:
        B = 1
    if H is None:
        H = 1
    b = torch.arange(0, B, device=device)
    h = torch.arange(0, H, device=device)
    m = torch.arange(0, Q_LEN, device=device)
    n = torch.arange(0, KV_LEN, device=device)
    mod_type = _get_mod_type(mod_fn)
    if mod_type == _ModificationType.SCORE_MOD:
        out = _bhqkv_apply(mod_fn, (torch.zeros(B, H, Q_LEN, KV_LEN, device=device),), b, h, m, n)
        return torch.where(torch.isneginf(out), False, True)
    elif mod_type == _ModificationType.MASK_MOD:
        return _bhqkv_apply(mod_fn, (), b, h, m, n)
    raise AssertionError


def create_block_mask(mask_mod, B, H, Q_LEN, KV_LEN, device=None, BLOCK_SIZE=_DEFAULT_SPARSE_BLOCK_SIZE,
                      _compile=False):
    r"""This function creates a block mask tuple from a mask_mod function."""
    device = _default_device(device)
    mod_type = _get_mod_type(mask_mod)
    assert mod_type == _ModificationType.MASK_MOD, f"create-block_mask requires a mask_mod function! Got {mask_mod}"
    if B is None:
        B = 1
    if H is None:
        H = 1
    if isinstance(BLOCK_SIZE, int):
        Q_BLOCK_SIZE = BLOCK_SIZE
        KV_BLOCK_SIZE = BLOCK_SIZE
    else:
        Q_BLOCK_SIZE, KV_BLOCK_SIZE = BLOCK_SIZE
    if _compile:
        warnings.warn(
            "_compile flag on create_block_mask was originally added to work around a torch.compile limitation. "
            "That limitation has since been addressed. So, to compile create_block_mask, we suggest doing "
            "torch.compile(create_block_mask). This still works for now, but will be removed in the future.",
            DeprecationWarning, stacklevel=2)
    mask_tensor = create_mask(mask_mod, B, H, Q_LEN, KV_LEN, device)
    partial_block_mask, full_block_mask = _convert_mask_to_block_mask(
        mask_tensor, Q_BLOCK_SIZE=Q_BLOCK_SIZE, KV_BLOCK_SIZE=KV_BLOCK_SIZE, separate_full_blocks=True)
    return _create_sparse_block_from_block_mask((partial_block_mask, full_block_mask), mask_mod,
                                                (Q_LEN, KV_LEN), Q_BLOCK_SIZE, KV_BLOCK_SIZE)


def _create_empty_block_mask(query, key):
    device = query.device
    return BlockMask.from_kv_blocks(kv_num_blocks=torch.ones([1, 1, 1], dtype=torch.int32, device=device),
                                    kv_indices=torch.zeros([1, 1, 1, 1], dtype=torch.int32, device=device),
                                    BLOCK_SIZE=_LARGE_SPARSE_BLOCK_SIZE, seq_lengths=(1, 1))


def _validate_sdpa_input(query, key, value):
    # torch.nn.attention._utils._validate_sdpa_input's checks and messages.
    if query.dtype != key.dtype or query.dtype != value.dtype:
        raise ValueError(f"Expected query, key, and value to have the same dtype, but got query.dtype: "
                         f"{query.dtype}, key.dtype: {key.dtype}, and value.dtype: {value.dtype} instead.")
    if query.device != key.device or query.device != value.device:
        raise ValueError(f"Expected query, key, and value to have the same device type, but got query.device: "
                         f"{query.device}, key.device: {key.device}, and value.device: {value.device} instead.")
    if query.dim() < 2 or key.dim() < 2 or value.dim() < 2:
        raise ValueError(f"Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: "
                         f"{query.dim()}, key.dim: {key.dim()} and value.dim: {value.dim()} instead.")


def _validate_embed_dim(query, key, value):
    if query.size(-1) != key.size(-1):
        raise ValueError(f"Expect query and key/value to have the same embedding dimension "
                         f"but got E={query.size(-1)} and E={key.size(-1)}.")


def _validate_device(query, key, value):
    # PyTorch 2.11 has no FlexAttention backward on the CPU: inputs that require grad are refused
    # before anything runs (so on the CPU it is used under torch.no_grad() / inference only).
    if query.device.type == "cpu" and (query.requires_grad or key.requires_grad or value.requires_grad):
        raise NotImplementedError("FlexAttention does not support backward on CPU. Please set the input "
                                  "requires_grad to False or use another device.")
    if query.device.type not in ("cuda", "cpu", "xpu", "hpu"):
        raise ValueError("FlexAttention is only supported on CUDA, CPU or HPU devices. "
                         f"Found input tensors on {query.device.type} device.")


def _safe_softmax(x, dim):
    # torch._safe_softmax: softmax whose all -inf rows come out as zeros instead of NaN.
    out = torch.softmax(x, dim=dim)
    masked_rows = torch.all(x == -float("inf"), dim=dim, keepdim=True)
    return torch.where(masked_rows, torch.zeros((), dtype=out.dtype, device=out.device), out)


def _math_attention(query, key, value, score_mod, mask_mod, scale):
    # PyTorch's eager math_attention: (out, lse / ln2, max_scores / ln2).
    G = query.size(1) // key.size(1)
    value = torch.repeat_interleave(value, G, dim=1)
    key = torch.repeat_interleave(key, G, dim=1)
    Bq, Bkv = query.size(0), key.size(0)
    if not ((Bq == Bkv) or (Bq > 1 and Bkv == 1)):
        raise RuntimeError(f"Bq and Bkv must broadcast. Got Bq={Bq} and Bkv={Bkv}")
    key = key.expand((Bq, *key.size()[1:]))
    value = value.expand((Bq, *value.size()[1:]))
    working_precision = torch.float64 if query.dtype == torch.float64 else torch.float32
    scores = query.to(working_precision) @ key.to(working_precision).transpose(-2, -1)
    b = torch.arange(0, scores.size(0), device=scores.device)
    h = torch.arange(0, scores.size(1), device=scores.device)
    m = torch.arange(0, scores.size(2), device=scores.device)
    n = torch.arange(0, scores.size(3), device=scores.device)
    scores = (scores * scale).to(working_precision)
    post_mod_scores = torch.where(
        _bhqkv_apply(mask_mod, (), b, h, m, n),
        _bhqkv_apply(score_mod, (scores,), b, h, m, n),
        torch.tensor(-float("inf"), dtype=working_precision, device=scores.device))
    logsumexp = post_mod_scores.logsumexp(dim=-1)
    masked_rows = torch.all(post_mod_scores == -float("inf"), dim=-1)
    logsumexp = torch.where(masked_rows, -float("inf"), logsumexp)
    max_scores = torch.max(post_mod_scores, dim=-1)[0]
    post_mod_scores = _safe_softmax(post_mod_scores, dim=-1)
    out = post_mod_scores.to(query.dtype) @ value.to(query.dtype)
    return out, logsumexp / math.log(2), max_scores / math.log(2)


def flex_attention(query, key, value, score_mod=None, block_mask=None, scale=None, enable_gqa=False,
                   return_lse=False, kernel_options=None, *, return_aux=None):
    r"""Scaled dot product attention with a score_mod applied to every score and a BlockMask's
    mask_mod selecting the scores that take part (see the module header for how it is computed)."""
    _validate_sdpa_input(query, key, value)
    _validate_embed_dim(query, key, value)
    _validate_device(query, key, value)
    if query.dim() != 4 or key.dim() != 4 or value.dim() != 4:
        raise NotImplementedError("NYI: query, key, and value must be 4D tensors")
    if (not enable_gqa) and query.size(-3) != key.size(-3):
        raise ValueError(f"Expect query and key/value to have the same number of heads "
                         f"but got Hq={query.size(-3)} and Hkv={key.size(-3)}. "
                         f"Try setting enable_gqa=True for GQA.")
    if enable_gqa:
        Hq = query.size(1)
        Hkv = key.size(1)
        if Hq % Hkv != 0:
            raise ValueError(f"Expect number of query heads to be a multiple of kv heads for GQA "
                             f"but got Hq={Hq} and Hkv={Hkv}.")
    if query.size(0) != key.size(0):
        if block_mask is None:
            raise ValueError(f"Expect query and key/value to have the same batch size, "
                             f"or non-none block_mask, "
                             f"but got block_mask=None, Bq={query.size(0)}, and Bkv={key.size(0)}.")
        if block_mask.kv_num_blocks.size(0) != query.size(0):
            raise ValueError(f"Expect query and key/value to have the same batch size, "
                             f"or block_mask and query to have the same batch size, "
                             f"but got Bq={query.size(0)}, Bkv={key.size(0)}, "
                             f"B_block_mask={block_mask.kv_num_blocks.size(0)}.")
    if score_mod is None:
        score_mod = _identity
    if block_mask is None:
        block_mask = _create_empty_block_mask(query, key)
    if getattr(block_mask, "mask_mod", None) is _sliced_mask_mod_error:
        raise RuntimeError("Cannot use mask_mod from a sliced BlockMask")
    if block_mask.BLOCK_SIZE[0] == _LARGE_SPARSE_BLOCK_SIZE and block_mask.BLOCK_SIZE[1] == _LARGE_SPARSE_BLOCK_SIZE:
        pass
    else:
        block_mask_q_len = block_mask.shape[-2]
        block_mask_kv_len = block_mask.shape[-1]
        if query.size(-2) > block_mask_q_len or key.size(-2) > block_mask_kv_len:
            raise ValueError(
                f"block_mask was created for block_mask.shape={block_mask.shape} but got q_len={query.size(-2)} "
                f"and kv_len={key.size(-2)}. As the block mask was created for a smaller length than you're using "
                "it for, you likely need to create a new block mask.")
        elif ((query.size(-2) < block_mask_q_len and key.size(-2) <= block_mask_kv_len)
              or (query.size(-2) <= block_mask_q_len and key.size(-2) < block_mask_kv_len)):
            raise ValueError(
                f"block_mask was created for block_mask.shape={block_mask.shape} but got q_len={query.size(-2)} "
                f"and kv_len={key.size(-2)}. As the block mask was created for a larger length than you're using "
                "it for, you can either 1. create a new block mask with the correct length, or 2. 'adjust' the "
                "existing block mask to the correct length by calling block_mask._adjust(q_len, kv_len). This "
                "essentially 'crops' the block mask to the upper left corner, which does not work for all mask_mods!")
    if scale is None:
        scale = 1.0 / math.sqrt(query.size(-1))
    if query.device != block_mask.kv_num_blocks.device:
        raise RuntimeError(f"Expect q/k/v and block_mask to be on the same device "
                           f"but got {query.device} and {block_mask.kv_num_blocks.device}.")
    if return_lse and return_aux is not None:
        raise ValueError("Cannot specify both return_lse and return_aux. "
                         "return_lse is deprecated, please use return_aux=AuxRequest(lse=True) instead.")
    elif return_lse and return_aux is None:
        _warn_once("deprecated_return_lse",
                   "return_lse is deprecated and will be removed in v2.10. "
                   "Please use return_aux=AuxRequest(lse=True) instead.", category=FutureWarning)
    # _apply_kernel_options: the options PyTorch validates before any kernel runs.
    kernel_options = {} if kernel_options is None else dict(kernel_options)
    assert "OUTPUT_LOGSUMEXP" not in kernel_options
    assert "OUTPUT_MAX" not in kernel_options
    on_cpu = query.device.type == "cpu" or key.device.type == "cpu" or value.device.type == "cpu"
    if return_aux is not None and return_aux.max_scores and on_cpu:
        raise NotImplementedError("Returning max scores is not supported on CPU.")
    if not _FLEX_ATTENTION_DISABLE_COMPILE_DEBUG and not torch.compiler.is_compiling():
        _warn_once(
            "flex_attention_performance",
            "flex_attention called without torch.compile() - this will use an unfused implementation that "
            "materializes the full scores matrix instead of generating a fused kernel.\n\n"
            "SOLUTION: Use torch.compile(flex_attention)(...)\n\n"
            "If you want to debug your score_mod/mask_mod, you can set:\n"
            "torch.nn.attention.flex_attention._FLEX_ATTENTION_DISABLE_COMPILE_DEBUG = True\n\n"
            "This will allow you to use print statements or breakpoints. Note: This doesn't work with the "
            "backwards pass and may produce incorrect results.")
    out, lse, max_scores = _math_attention(query, key, value, score_mod, block_mask.mask_mod, scale)
    ln2 = math.log(2.0)
    want_lse = return_lse or (return_aux is not None and return_aux.lse)
    want_max = return_aux is not None and return_aux.max_scores
    lse_scaled = lse * ln2 if (want_lse and lse.numel() > 0) else None
    max_scaled = max_scores * ln2 if (want_max and max_scores.numel() > 0) else None
    if return_aux is not None:
        return out, AuxOutput(lse=lse_scaled, max_scores=max_scaled)
    if want_lse:
        return out, lse_scaled
    return out
