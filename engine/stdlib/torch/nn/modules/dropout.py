# torch.nn.modules.dropout: the channel-wise and SELU dropout layers (Dropout1d/2d/3d, AlphaDropout,
# FeatureAlphaDropout) as PyTorch's _DropoutNd subclasses over torch.nn.functional, whose kernels are
# native (ops/normalization.cpp: one Bernoulli(1 - p) draw per (batch, channel) for the feature
# variants, PyTorch's draw order). nn.Dropout itself is the native layer, re-exported here.
import torch.nn as nn
import torch.nn.functional as F

Dropout = nn.Dropout


class _DropoutNd(nn.Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.feature_alpha_dropout(input, self.p, self.training)
