# Real-program corpus (tests/realworld, see README.md): kaituoxu/Conv-TasNet's speech separation in its
# own shape -- src/conv_tasnet.py (Encoder as a kernel-1 Conv1d over [M, K, L] frames, TemporalConvNet
# of repeats of dilated TemporalBlocks with PReLU, gLN/cLN/BN norms chosen by name, depthwise Conv1d
# with groups=channels and a Chomp1d, a softmax mask over speakers, the Linear basis-signal Decoder,
# serialize/load_model_from_package checkpoint dicts) and src/pit_criterion.py (SI-SNR with permutation
# invariant training: masks from source_lengths, new_tensor(list(permutations(range(C)))), a one-hot
# scatter_ of the permutations, einsum 'bij,pij->bp', argmax/max, index_select reordering) @
# 0b59e964938a83bbed7030693af41cab137172d2 / 3087786a022c4a3b80443050fbaa1e966ca4ec1d.
# Changes: synthetic sine/square mixtures instead of wsj0-2mix, tiny sizes (N=8, L=4, B=4, H=8, P=3,
# X=2, R=2, C=2), frames made by view instead of the data loader's segmenting, 4 Adam steps; the
# checkpoint goes through io.BytesIO; the integer self-test's `weight.data = torch.randint(...)`, which
# PyTorch 2 refuses (integer data on a parameter that requires grad), caught and redone in float.
# Written for Kiln, not copied.
import io
from itertools import permutations

import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 1e-8


class ConvTasNet(nn.Module):
    def __init__(self, N, L, B, H, P, X, R, C, norm_type="gLN"):
        super(ConvTasNet, self).__init__()
        self.N, self.L, self.B, self.H, self.P, self.X, self.R, self.C = N, L, B, H, P, X, R, C
        self.encoder = Encoder(L, N)
        self.separator = TemporalConvNet(N, B, H, P, X, R, C, norm_type)
        self.decoder = Decoder(N, L)

    def forward(self, mixture):
        mixture_w = self.encoder(mixture)
        est_mask = self.separator(mixture_w)
        est_source = self.decoder(mixture_w, est_mask)
        return est_source

    @classmethod
    def load_model_from_package(cls, package):
        model = cls(package['N'], package['L'], package['B'], package['H'],
                    package['P'], package['X'], package['R'], package['C'])
        model.load_state_dict(package['state_dict'])
        return model

    @staticmethod
    def serialize(model, optimizer, epoch, tr_loss=None, cv_loss=None):
        package = {
            'N': model.N, 'L': model.L, 'B': model.B, 'H': model.H,
            'P': model.P, 'X': model.X, 'R': model.R, 'C': model.C,
            'state_dict': model.state_dict(),
            'optim_dict': optimizer.state_dict(),
            'epoch': epoch,
        }
        if tr_loss is not None:
            package['tr_loss'] = tr_loss
            package['cv_loss'] = cv_loss
        return package


class Encoder(nn.Module):
    def __init__(self, L, N):
        super(Encoder, self).__init__()
        self.L, self.N = L, N
        self.conv1d_U = nn.Conv1d(L, N, kernel_size=1, bias=False)

    def forward(self, mixture):
        mixture = mixture.permute((0, 2, 1)).contiguous()
        mixture_w = F.relu(self.conv1d_U(mixture))
        mixture_w = mixture_w.permute((0, 2, 1)).contiguous()
        return mixture_w


class Decoder(nn.Module):
    def __init__(self, N, L):
        super(Decoder, self).__init__()
        self.N, self.L = N, L
        self.basis_signals = nn.Linear(N, L, bias=False)

    def forward(self, mixture_w, est_mask):
        source_w = torch.unsqueeze(mixture_w, 2) * est_mask
        est_source = self.basis_signals(source_w)
        est_source = est_source.permute((0, 2, 1, 3)).contiguous()
        return est_source


class TemporalConvNet(nn.Module):
    def __init__(self, N, B, H, P, X, R, C, norm_type="gLN"):
        super(TemporalConvNet, self).__init__()
        self.N, self.B, self.H, self.P, self.X, self.R, self.C = N, B, H, P, X, R, C
        self.layer_norm = ChannelwiseLayerNorm(N)
        self.bottleneck_conv1x1 = nn.Conv1d(N, B, 1, bias=False)
        repeats = []
        for r in range(R):
            blocks = []
            for x in range(X):
                dilation = 2 ** x
                blocks += [TemporalBlock(B, H, P, stride=1, padding=(P - 1) * dilation,
                                         dilation=dilation, norm_type=norm_type)]
            repeats += [nn.Sequential(*blocks)]
        self.temporal_conv_net = nn.Sequential(*repeats)
        self.mask_conv1x1 = nn.Conv1d(B, C * N, 1, bias=False)
        self.network = nn.Sequential(self.layer_norm, self.bottleneck_conv1x1,
                                     self.temporal_conv_net, self.mask_conv1x1)

    def forward(self, mixture_w):
        M, K, N = mixture_w.size()
        x = mixture_w.permute((0, 2, 1)).contiguous()
        score = self.network(x)
        score = score.permute((0, 2, 1)).view(M, K, self.C, N).contiguous()
        est_mask = F.softmax(score, dim=2)
        return est_mask


class TemporalBlock(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 norm_type="gLN"):
        super(TemporalBlock, self).__init__()
        self.conv1x1 = nn.Conv1d(in_channels, out_channels, 1, bias=False)
        self.prelu = nn.PReLU()
        self.norm = chose_norm(norm_type, out_channels)
        self.dsconv = DepthwiseSeparableConv(out_channels, in_channels, kernel_size, stride,
                                             padding, dilation, norm_type)
        self.net = nn.Sequential(self.conv1x1, self.prelu, self.norm, self.dsconv)

    def forward(self, x):
        residual = x
        out = self.net(x)
        return F.relu(out + residual)


class DepthwiseSeparableConv(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 norm_type="gLN"):
        super(DepthwiseSeparableConv, self).__init__()
        self.depthwise_conv = nn.Conv1d(in_channels, in_channels, kernel_size, stride=stride,
                                        padding=padding, dilation=dilation, groups=in_channels,
                                        bias=False)
        self.chomp = Chomp1d(padding)
        self.prelu = nn.PReLU()
        self.norm = chose_norm(norm_type, in_channels)
        self.pointwise_conv = nn.Conv1d(in_channels, out_channels, 1, bias=False)
        self.net = nn.Sequential(self.depthwise_conv, self.chomp, self.prelu, self.norm,
                                 self.pointwise_conv)

    def forward(self, x):
        return self.net(x)


class Chomp1d(nn.Module):
    def __init__(self, chomp_size):
        super(Chomp1d, self).__init__()
        self.chomp_size = chomp_size

    def forward(self, x):
        return x[:, :, :-self.chomp_size].contiguous()


def chose_norm(norm_type, channel_size):
    if norm_type == "gLN":
        return GlobalLayerNorm(channel_size)
    elif norm_type == "cLN":
        return ChannelwiseLayerNorm(channel_size)
    else:
        return nn.BatchNorm1d(channel_size)


class ChannelwiseLayerNorm(nn.Module):
    def __init__(self, channel_size):
        super(ChannelwiseLayerNorm, self).__init__()
        self.gamma = nn.Parameter(torch.Tensor(1, channel_size, 1))
        self.beta = nn.Parameter(torch.Tensor(1, channel_size, 1))
        self.reset_parameters()

    def reset_parameters(self):
        self.gamma.data.fill_(1)
        self.beta.data.zero_()

    def forward(self, y):
        mean = torch.mean(y, dim=1, keepdim=True)
        var = torch.var(y, dim=1, keepdim=True, unbiased=False)
        cLN_y = self.gamma * (y - mean) / torch.pow(var + EPS, 0.5) + self.beta
        return cLN_y


class GlobalLayerNorm(nn.Module):
    def __init__(self, channel_size):
        super(GlobalLayerNorm, self).__init__()
        self.gamma = nn.Parameter(torch.Tensor(1, channel_size, 1))
        self.beta = nn.Parameter(torch.Tensor(1, channel_size, 1))
        self.reset_parameters()

    def reset_parameters(self):
        self.gamma.data.fill_(1)
        self.beta.data.zero_()

    def forward(self, y):
        mean = y.mean(dim=1, keepdim=True).mean(dim=2, keepdim=True)
        var = torch.pow(y - mean, 2).mean(dim=1, keepdim=True).mean(dim=2, keepdim=True)
        gLN_y = self.gamma * (y - mean) / torch.pow(var + EPS, 0.5) + self.beta
        return gLN_y


# ---- pit_criterion.py -------------------------------------------------------------------------------
def cal_loss(source, estimate_source, source_lengths):
    max_snr, perms, max_snr_idx = cal_si_snr_with_pit(source, estimate_source, source_lengths)
    loss = 0 - torch.mean(max_snr)
    reorder_estimate_source = reorder_source(estimate_source, perms, max_snr_idx)
    return loss, max_snr, estimate_source, reorder_estimate_source


def cal_si_snr_with_pit(source, estimate_source, source_lengths):
    assert source.size() == estimate_source.size()
    B, C, T = source.size()
    mask = get_mask(source, source_lengths)
    estimate_source *= mask
    num_samples = source_lengths.view(-1, 1, 1).float()
    mean_target = torch.sum(source, dim=2, keepdim=True) / num_samples
    mean_estimate = torch.sum(estimate_source, dim=2, keepdim=True) / num_samples
    zero_mean_target = source - mean_target
    zero_mean_estimate = estimate_source - mean_estimate
    zero_mean_target *= mask
    zero_mean_estimate *= mask
    s_target = torch.unsqueeze(zero_mean_target, dim=1)
    s_estimate = torch.unsqueeze(zero_mean_estimate, dim=2)
    pair_wise_dot = torch.sum(s_estimate * s_target, dim=3, keepdim=True)
    s_target_energy = torch.sum(s_target ** 2, dim=3, keepdim=True) + EPS
    pair_wise_proj = pair_wise_dot * s_target / s_target_energy
    e_noise = s_estimate - pair_wise_proj
    pair_wise_si_snr = torch.sum(pair_wise_proj ** 2, dim=3) / (torch.sum(e_noise ** 2, dim=3) + EPS)
    pair_wise_si_snr = 10 * torch.log10(pair_wise_si_snr + EPS)
    perms = source.new_tensor(list(permutations(range(C))), dtype=torch.long)
    index = torch.unsqueeze(perms, 2)
    perms_one_hot = source.new_zeros((*perms.size(), C)).scatter_(2, index, 1)
    snr_set = torch.einsum('bij,pij->bp', [pair_wise_si_snr, perms_one_hot.float()])
    max_snr_idx = torch.argmax(snr_set, dim=1)
    max_snr, _ = torch.max(snr_set, dim=1, keepdim=True)
    max_snr /= C
    return max_snr, perms, max_snr_idx


def reorder_source(source, perms, max_snr_idx):
    B, C, *_ = source.size()
    max_snr_perm = torch.index_select(perms, dim=0, index=max_snr_idx)
    reorder_source = torch.zeros_like(source)
    for b in range(B):
        for c in range(C):
            reorder_source[b, c] = source[b, max_snr_perm[b][c]]
    return reorder_source


def get_mask(source, source_lengths):
    B, _, T = source.size()
    mask = source.new_ones((B, 1, T))
    for i in range(B):
        mask[i, :, source_lengths[i]:] = 0
    return mask


# ---- the module self-tests (__main__ blocks) ----------------------------------------------------------
torch.manual_seed(123)
M, K, N, L = 2, 3, 3, 4
B, H, P, X, R, C, norm_type = 2, 3, 2, 3, 2, 2, "gLN"
mixture = torch.randint(3, (M, K, L))
encoder = Encoder(L, N)
try:
    encoder.conv1d_U.weight.data = torch.randint(2, encoder.conv1d_U.weight.size())
except RuntimeError as e:
    # PyTorch 2 refuses integer data for a parameter that requires grad; the test goes on in float
    print('RuntimeError:', e)
    encoder.conv1d_U.weight.data = torch.randint(2, encoder.conv1d_U.weight.size()).float()
print('mixture', mixture.shape, mixture.dtype)
mixture_w = encoder(mixture.float())
print('mixture_w', mixture_w.dtype, mixture_w.tolist())
decoder = Decoder(N, L)
est_mask = torch.randint(2, (B, K, C, N))
try:
    est_source = decoder(mixture_w, est_mask)
    print('est_source', tuple(est_source.shape), est_source.dtype)
except RuntimeError as e:
    print('RuntimeError:', e)

Bp, Cp, Tp = 2, 3, 40
source = torch.randint(4, (Bp, Cp, Tp))
estimate_source = torch.randint(4, (Bp, Cp, Tp))
source[1, :, -3:] = 0
estimate_source[1, :, -3:] = 0
source_lengths = torch.LongTensor([Tp, Tp - 3])
loss, max_snr, estimate_source, reorder_estimate_source = cal_loss(source, estimate_source, source_lengths)
print('loss %.4f' % loss.item(), loss.dtype)
print('max_snr', [round(v, 3) for v in max_snr.view(-1).tolist()])
print('reorder', reorder_estimate_source.dtype, reorder_estimate_source[:, :, :6].tolist())

# ---- a small training run -------------------------------------------------------------------------------
torch.manual_seed(0)
Nn, Ll, Bb, Hh, Pp, Xx, Rr, Cc = 8, 4, 4, 8, 3, 2, 2, 2
for nt in ["gLN", "cLN", "BN"]:
    m = ConvTasNet(Nn, Ll, Bb, Hh, Pp, Xx, Rr, Cc, norm_type=nt)
    print(nt, 'params', sum(p.numel() for p in m.parameters()), type(m.separator.temporal_conv_net[0][1].norm).__name__)

model = ConvTasNet(Nn, Ll, Bb, Hh, Pp, Xx, Rr, Cc, norm_type="gLN")
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
T = 64
t = torch.arange(T, dtype=torch.float32)
s1 = torch.sin(2 * torch.pi * t / 16).repeat(3, 1) * torch.tensor([[1.0], [0.8], [0.6]])
s2 = torch.sign(torch.sin(2 * torch.pi * t / 10 + torch.tensor([[0.0], [0.5], [1.0]]))) * 0.5
sources = torch.stack([s1, s2], dim=1)                   # [3, C, T]
mix = sources.sum(dim=1)                                  # [3, T]
lengths = torch.LongTensor([T, T, T - 8])
for epoch in range(4):
    model.train()
    frames = mix.view(3, T // Ll, Ll)                     # [M, K, L]
    est = model(frames)                                   # [M, C, K, L]
    est = est.view(3, Cc, -1)
    loss, max_snr, est, reordered = cal_loss(sources, est, lengths)
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5)
    optimizer.step()
    print('Epoch {} | Train Loss {:.4f}'.format(epoch + 1, loss.item()))

package = ConvTasNet.serialize(model, optimizer, 4, tr_loss=torch.tensor([1.0]), cv_loss=torch.tensor([2.0]))
buf = io.BytesIO()
torch.save(package, buf)
buf.seek(0)
package = torch.load(buf)
print(sorted(package.keys()))
model2 = ConvTasNet.load_model_from_package(package)
model2.eval()
model.eval()
with torch.no_grad():
    frames = mix.view(3, T // Ll, Ll)
    print('reloaded equal', torch.equal(model(frames), model2(frames)))
    print('optim state steps', [int(s['step']) for s in package['optim_dict']['state'].values()][:3])
