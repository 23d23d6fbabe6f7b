# einops.layers.torch: Rearrange and Reduce as torch.nn.Modules (no parameters; the pattern is checked when
# the layer is made, and the layer prints as Rearrange('b c h w -> b (c h w)')). Left out: EinMix.
import torch

from einops.einops import _apply
from einops.layers import RearrangeMixin, ReduceMixin


class Rearrange(RearrangeMixin, torch.nn.Module):
    def forward(self, input):
        recipe = self._multirecipe[input.ndim]
        return _apply(recipe, input, "rearrange", self._axes_lengths)


class Reduce(ReduceMixin, torch.nn.Module):
    def forward(self, input):
        recipe = self._multirecipe[input.ndim]
        return _apply(recipe, input, self.reduction, self._axes_lengths)
