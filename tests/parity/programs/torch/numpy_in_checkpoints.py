# NumPy values inside torch.save checkpoints: a best accuracy that is an np.float64, arrays of several
# dtypes (C-contiguous, transposed, 0-d, empty), bytes, and a whole model holding an ndarray attribute
# (rixwew/pytorch-fm's FeaturesEmbedding.offsets, saved with torch.save(model, path) by its
# EarlyStopper). Loaded back with weights_only=False they are NumPy values again.
import io

import numpy as np
import torch


class FeaturesEmbedding(torch.nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.embedding = torch.nn.Embedding(sum(field_dims), embed_dim)
        self.offsets = np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.int64)

    def forward(self, x):
        return self.embedding(x + x.new_tensor(self.offsets).unsqueeze(0))


def roundtrip(obj):
    buf = io.BytesIO()
    torch.save(obj, buf)
    buf.seek(0)
    return torch.load(buf, weights_only=False)


torch.manual_seed(0)
ckpt = {
    'epoch': 3,
    'best_acc': np.float64(0.8125),
    'lr': np.float32(0.5),
    'step': np.int64(7),
    'flag': np.bool_(True),
    'mean': np.array([0.485, 0.456, 0.406]),
    'counts': np.arange(6, dtype=np.int32).reshape(2, 3),
    'mask': np.array([True, False, True]),
    'pixels': np.array([[0, 255], [17, 3]], dtype=np.uint8),
    'half': np.array([1.5, -2.0], dtype=np.float16),
    'transposed': np.arange(6.0).reshape(2, 3).T,
    'zero_d': np.array(2.5),
    'empty': np.zeros((0, 4), dtype=np.float32),
    'raw': b'\x00\xffkiln',
    'weights': torch.arange(4.0),
}
back = roundtrip(ckpt)
for k in ckpt:
    v = back[k]
    if isinstance(v, np.ndarray):
        print(k, type(v).__name__, v.dtype, v.shape, v.tolist())
    else:
        print(k, type(v).__name__, repr(v))
print(back['best_acc'] == 0.8125, back['counts'].sum(), back['transposed'][2, 1], np.array_equal(back['mean'], ckpt['mean']))
back['mean'][0] = 9.0
print(ckpt['mean'][0], back['mean'][0])

model = FeaturesEmbedding([3, 4, 5], 2)
loaded = roundtrip(model)
print(type(loaded).__name__, loaded.offsets, loaded.offsets.dtype)
x = torch.tensor([[0, 1, 2], [2, 3, 4]])
print(torch.equal(loaded(x), model(x)))
