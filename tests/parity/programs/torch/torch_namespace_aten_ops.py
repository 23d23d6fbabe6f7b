# The ATen operators PyTorch exposes as torch.<name> with ATen's own schemas, which real programs call
# directly: torch.embedding(weight, indices) (VQ-VAE codebooks: ritheshkumar95/pytorch-vqvae's tests),
# torch.conv2d / torch.max_pool2d with ATen's stride=[] default, torch.dropout(x, p, train),
# torch.batch_norm's (weight, bias, running_mean, running_var, ...) order, torch.layer_norm,
# torch.cosine_similarity, torch.pixel_shuffle, the losses with an int reduction (at::Reduction),
# torch.vander and the *_scatter ops (also Tensor methods).
import torch

torch.manual_seed(0)
x = torch.randn(2, 3, 6, 6)
w = torch.randn(4, 3, 3, 3)
b = torch.randn(4)
y = torch.conv2d(x, w, b, 1, 1)
print(y.shape, torch.allclose(y, torch.nn.functional.conv2d(x, w, b, padding=1)))
print(torch.conv1d(x[:, :, 0], w[:, :, 0], None, 2).shape, torch.conv_transpose2d(x, w.transpose(0, 1)).shape)
print(torch.max_pool2d(x, 2).shape, torch.max_pool2d(x, [3, 3], [2, 2], [1, 1]).shape)
print(torch.max_pool1d(x[0], 3).shape, torch.avg_pool1d(x[0], 2, 1).shape, torch.adaptive_avg_pool1d(x[0], 2).shape)
v, i = torch.adaptive_max_pool1d(x[0], 3)
print(v.shape, i.dtype)
v, i = torch.max_pool1d_with_indices(x[0], 2)
print(v.shape, i.shape)

# dropout: eval mode hands the input back; the feature form zeroes whole channels
print(torch.dropout(x, 0.5, False) is x, torch.feature_dropout(x, 0.3, False) is x)
d = torch.dropout(torch.ones(1000), 0.25, True)
print(sorted(set(d.tolist())))
f = torch.feature_dropout(torch.ones(4, 5, 3, 3), 0.5, True)
print(all(len(set(f[n, c].flatten().tolist())) == 1 for n in range(4) for c in range(5)))
print(sorted(set(f.flatten().tolist())))

# normalization in ATen's argument order
rm, rv = torch.zeros(3), torch.ones(3)
out = torch.batch_norm(x, torch.ones(3), torch.zeros(3), rm, rv, True, 0.1, 1e-5, False)
print(out.shape, rm, rv)
print(torch.batch_norm(x, None, None, rm, rv, False, 0.1, 1e-5, False)[0, 0, 0])
print(torch.layer_norm(x, [6, 6])[0, 0, 0], torch.layer_norm(x, (6,), None, None, 1e-5, True).shape)
print(torch.group_norm(x, 3)[1, 2, 0], torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-5, False).shape)

# embedding: weight first; padding_idx=-1 means none
e = torch.randn(5, 2, requires_grad=True)
idx = torch.tensor([[0, 4], [1, 1]])
emb = torch.embedding(e, idx)
print(emb.shape, torch.equal(emb, e[idx]))
torch.embedding(e, idx, 1).sum().backward()
print(e.grad)

print(torch.pixel_shuffle(torch.arange(16.).view(1, 4, 2, 2), 2))
print(torch.pixel_unshuffle(torch.arange(16.).view(1, 1, 4, 4), 2).shape)
print(torch.channel_shuffle(torch.arange(6.).view(1, 6, 1, 1), 2).flatten())
print(torch.nn.ChannelShuffle(3), torch.nn.ChannelShuffle(3)(torch.arange(6.).view(1, 6, 1)).flatten())
print(torch.bilinear(torch.ones(2, 3), torch.ones(2, 4), torch.ones(5, 3, 4)).shape)

a = torch.tensor([-2.0, -0.25, 0.0, 0.5, 3.0])
print(torch.hardshrink(a), torch.hardshrink(a, 1.0))
print(torch.selu(a), torch.celu(a, 2.0))
print(torch.prelu(a, torch.tensor([0.1])), torch.threshold(a, 0.4, -1.0))
c = a.clone()
torch.selu_(c)
print(c)

p1 = torch.tensor([[1.0, 0.0, 2.0], [0.0, 3.0, 4.0]])
p2 = torch.tensor([[1.0, 1.0, 2.0], [3.0, 0.0, 4.0]])
print(torch.cosine_similarity(p1, p2), torch.cosine_similarity(p1, p2, 0))
print(torch.pairwise_distance(p1, p2), torch.pairwise_distance(p1, p2, 1.0, 1e-6, True))
print(torch.pdist(torch.tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]])))
print(torch.nn.functional.pdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), p=1))

inp = torch.tensor([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]).log()
tgt = torch.tensor([[0.3, 0.3, 0.4], [0.2, 0.2, 0.6]])
print(torch.kl_div(inp, tgt), torch.kl_div(inp, tgt, 2), torch.kl_div(inp, tgt, 0))
print(torch.kl_div(inp, tgt.log(), 1, log_target=True))
try:
    torch.kl_div(inp, tgt.log(), 1, True)
except TypeError as ex:
    print("TypeError:", ex)
logits = torch.tensor([0.5, -1.0, 2.0])
lab = torch.tensor([1.0, 0.0, 1.0])
print(torch.binary_cross_entropy_with_logits(logits, lab), torch.binary_cross_entropy_with_logits(logits, lab, None, None, 0))
print(torch.hinge_embedding_loss(logits, torch.tensor([1.0, -1.0, -1.0])))
print(torch.margin_ranking_loss(logits, lab, torch.tensor([1.0, -1.0, 1.0]), 0.5, 2))
print(torch.cosine_embedding_loss(p1, p2, torch.tensor([1.0, -1.0])))
print(torch.poisson_nll_loss(logits, lab, True, False, 1e-8, 1))
print(torch.triplet_margin_loss(p1, p2, p1.flip(0)))
try:
    torch.kl_div(inp, tgt, "mean")
except TypeError as ex:
    print("TypeError:", ex)

print(torch.vander(torch.tensor([1, 2, 3])))
print(torch.vander(torch.tensor([1.0, 2.0, 3.0]), 4, True), torch.vander(torch.tensor([2, 3]), 0).shape)
z = torch.zeros(3, 4)
print(torch.select_scatter(z, torch.ones(4), 0, 1))
print(z.slice_scatter(torch.ones(3, 2), 1, 0, 4, 2))
print(torch.diagonal_scatter(z, torch.tensor([1.0, 2.0, 3.0]), 1))
print(torch.narrow_copy(torch.arange(6), 0, 2, 3), torch.arange(6).view(2, 3).narrow_copy(1, 1, 2))
src = torch.ones(4, requires_grad=True)
torch.select_scatter(z, src, 0, 2).sum().backward()
print(src.grad)
