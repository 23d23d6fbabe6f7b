# Real-program corpus (tests/realworld, see README.md): the convolutional STFT and Griffin-Lim of
# NVIDIA/tacotron2 in their own shape -- stft.py (Prem Seetharaman's STFT module: a Fourier basis from
# np.fft.fft(np.eye(n)), np.vstack of its real and imaginary halves, the inverse basis from
# np.linalg.pinv(scale * basis).T, both windowed and registered as buffers; transform by reflect
# padding a 4-d view and F.conv1d with stride hop, magnitude and atan2 phase through Variable(.data);
# inverse by torch.cat of magnitude*cos/sin and F.conv_transpose1d, window_sumsquare normalisation on
# np.where(window_sum > tiny(window_sum)) indices with an in-place advanced-index division, the hop
# ratio scaling and the two trims), audio_processing.py (window_sumsquare's loop of slice +=,
# griffin_lim from np.angle(np.exp(2j * np.pi * np.random.rand(*size))), dynamic_range_compression /
# decompression) and layers.py (TacotronSTFT: mel_basis buffer, spectral_normalize, mel_spectrogram
# with its assert on y.data's range) @ 09bbec073dd056dbe366cde187ccc6a05736b6dd / ea7fb24c (audio_processing).
# Changes: scipy.signal.get_window('hann', n, fftbins=True), librosa.util.pad_center / normalize /
# tiny and librosa.filters.mel written out in NumPy (neither scipy nor librosa is used); filter_length
# 64, hop 16, 8 mel bands, 0.1 s of synthetic audio; 8 Griffin-Lim iterations instead of 30. Written
# for Kiln, not copied.
import numpy as np
import torch
import torch.nn.functional as F
from torch.autograd import Variable


# ---- the scipy / librosa helpers stft.py imports --------------------------------------------------------
def get_window(window, Nx, fftbins=True):
    assert window == 'hann'
    n = np.arange(Nx)
    denom = Nx if fftbins else Nx - 1
    return 0.5 - 0.5 * np.cos(2.0 * np.pi * n / denom)


def pad_center(data, size, axis=-1, **kwargs):
    kwargs.setdefault('mode', 'constant')
    n = data.shape[axis]
    lpad = int((size - n) // 2)
    lengths = [(0, 0)] * data.ndim
    lengths[axis] = (lpad, int(size - n - lpad))
    if lpad < 0:
        raise ValueError('Target size ({:d}) must be at least input size ({:d})'.format(size, n))
    return np.pad(data, lengths, **kwargs)


def normalize(S, norm=np.inf, axis=0):
    if norm is None:
        return S
    mag = np.abs(S).astype(np.float64)
    length = np.max(mag, axis=axis, keepdims=True) if norm == np.inf else np.sum(mag ** norm, axis=axis, keepdims=True) ** (1.0 / norm)
    return S / length


def tiny(x):
    x = np.asarray(x)
    dtype = x.dtype if np.issubdtype(x.dtype, np.floating) or np.issubdtype(x.dtype, np.complexfloating) else np.float32
    return np.finfo(dtype).tiny


def librosa_mel(sr, n_fft, n_mels, fmin, fmax):
    def hz_to_mel(f):
        return 2595.0 * np.log10(1.0 + np.asanyarray(f) / 700.0)

    def mel_to_hz(m):
        return 700.0 * (10.0 ** (np.asanyarray(m) / 2595.0) - 1.0)

    fftfreqs = np.linspace(0, float(sr) / 2, int(1 + n_fft // 2), endpoint=True)
    mel_f = mel_to_hz(np.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2))
    fdiff = np.diff(mel_f)
    ramps = np.subtract.outer(mel_f, fftfreqs)
    weights = np.zeros((n_mels, int(1 + n_fft // 2)), dtype=np.float32)
    for i in range(n_mels):
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    enorm = 2.0 / (mel_f[2:n_mels + 2] - mel_f[:n_mels])
    weights *= enorm[:, np.newaxis]
    return weights


# ---- audio_processing.py ----------------------------------------------------------------------------------
def window_sumsquare(window, n_frames, hop_length=200, win_length=800, n_fft=800, dtype=np.float32, norm=None):
    if win_length is None:
        win_length = n_fft
    n = n_fft + hop_length * (n_frames - 1)
    x = np.zeros(n, dtype=dtype)
    win_sq = get_window(window, win_length, fftbins=True)
    win_sq = normalize(win_sq, norm=norm) ** 2
    win_sq = pad_center(win_sq, n_fft)
    for i in range(n_frames):
        sample = i * hop_length
        x[sample:min(n, sample + n_fft)] += win_sq[:max(0, min(n_fft, n - sample))]
    return x


def griffin_lim(magnitudes, stft_fn, n_iters=30):
    angles = np.angle(np.exp(2j * np.pi * np.random.rand(*magnitudes.size())))
    angles = angles.astype(np.float32)
    angles = torch.autograd.Variable(torch.from_numpy(angles))
    signal = stft_fn.inverse(magnitudes, angles).squeeze(1)
    for i in range(n_iters):
        _, angles = stft_fn.transform(signal)
        signal = stft_fn.inverse(magnitudes, angles).squeeze(1)
    return signal


def dynamic_range_compression(x, C=1, clip_val=1e-5):
    return torch.log(torch.clamp(x, min=clip_val) * C)


def dynamic_range_decompression(x, C=1):
    return torch.exp(x) / C


# ---- stft.py ----------------------------------------------------------------------------------------------
class STFT(torch.nn.Module):
    def __init__(self, filter_length=800, hop_length=200, win_length=800, window='hann'):
        super(STFT, self).__init__()
        self.filter_length = filter_length
        self.hop_length = hop_length
        self.win_length = win_length
        self.window = window
        self.forward_transform = None
        scale = self.filter_length / self.hop_length
        fourier_basis = np.fft.fft(np.eye(self.filter_length))
        cutoff = int((self.filter_length / 2 + 1))
        fourier_basis = np.vstack([np.real(fourier_basis[:cutoff, :]), np.imag(fourier_basis[:cutoff, :])])
        forward_basis = torch.FloatTensor(fourier_basis[:, None, :])
        inverse_basis = torch.FloatTensor(np.linalg.pinv(scale * fourier_basis).T[:, None, :])
        if window is not None:
            assert (win_length >= filter_length)
            fft_window = get_window(window, win_length, fftbins=True)
            fft_window = pad_center(fft_window, filter_length)
            fft_window = torch.from_numpy(fft_window).float()
            forward_basis *= fft_window
            inverse_basis *= fft_window
        self.register_buffer('forward_basis', forward_basis.float())
        self.register_buffer('inverse_basis', inverse_basis.float())

    def transform(self, input_data):
        num_batches = input_data.size(0)
        num_samples = input_data.size(1)
        self.num_samples = num_samples
        input_data = input_data.view(num_batches, 1, num_samples)
        input_data = F.pad(input_data.unsqueeze(1), (int(self.filter_length / 2), int(self.filter_length / 2), 0, 0),
                           mode='reflect')
        input_data = input_data.squeeze(1)
        forward_transform = F.conv1d(input_data, Variable(self.forward_basis, requires_grad=False),
                                     stride=self.hop_length, padding=0)
        cutoff = int((self.filter_length / 2) + 1)
        real_part = forward_transform[:, :cutoff, :]
        imag_part = forward_transform[:, cutoff:, :]
        magnitude = torch.sqrt(real_part ** 2 + imag_part ** 2)
        phase = torch.autograd.Variable(torch.atan2(imag_part.data, real_part.data))
        return magnitude, phase

    def inverse(self, magnitude, phase):
        recombine_magnitude_phase = torch.cat([magnitude * torch.cos(phase), magnitude * torch.sin(phase)], dim=1)
        inverse_transform = F.conv_transpose1d(recombine_magnitude_phase,
                                               Variable(self.inverse_basis, requires_grad=False),
                                               stride=self.hop_length, padding=0)
        if self.window is not None:
            window_sum = window_sumsquare(self.window, magnitude.size(-1), hop_length=self.hop_length,
                                          win_length=self.win_length, n_fft=self.filter_length, dtype=np.float32)
            approx_nonzero_indices = torch.from_numpy(np.where(window_sum > tiny(window_sum))[0])
            window_sum = torch.autograd.Variable(torch.from_numpy(window_sum), requires_grad=False)
            inverse_transform[:, :, approx_nonzero_indices] /= window_sum[approx_nonzero_indices]
            inverse_transform *= float(self.filter_length) / self.hop_length
        inverse_transform = inverse_transform[:, :, int(self.filter_length / 2):]
        inverse_transform = inverse_transform[:, :, :-int(self.filter_length / 2):]
        return inverse_transform

    def forward(self, input_data):
        self.magnitude, self.phase = self.transform(input_data)
        reconstruction = self.inverse(self.magnitude, self.phase)
        return reconstruction


# ---- layers.py --------------------------------------------------------------------------------------------
class TacotronSTFT(torch.nn.Module):
    def __init__(self, filter_length=1024, hop_length=256, win_length=1024, n_mel_channels=80,
                 sampling_rate=22050, mel_fmin=0.0, mel_fmax=8000.0):
        super(TacotronSTFT, self).__init__()
        self.n_mel_channels = n_mel_channels
        self.sampling_rate = sampling_rate
        self.stft_fn = STFT(filter_length, hop_length, win_length)
        mel_basis = librosa_mel(sampling_rate, filter_length, n_mel_channels, mel_fmin, mel_fmax)
        mel_basis = torch.from_numpy(mel_basis).float()
        self.register_buffer('mel_basis', mel_basis)

    def spectral_normalize(self, magnitudes):
        output = dynamic_range_compression(magnitudes)
        return output

    def spectral_de_normalize(self, magnitudes):
        output = dynamic_range_decompression(magnitudes)
        return output

    def mel_spectrogram(self, y):
        assert (torch.min(y.data) >= -1)
        assert (torch.max(y.data) <= 1)
        magnitudes, phases = self.stft_fn.transform(y)
        magnitudes = magnitudes.data
        mel_output = torch.matmul(self.mel_basis, magnitudes)
        mel_output = self.spectral_normalize(mel_output)
        return mel_output


np.random.seed(0)
torch.manual_seed(0)
sr = 4000
t = np.arange(400) / sr
audio = (0.4 * np.sin(2 * np.pi * 300 * t) + 0.2 * np.sin(2 * np.pi * 750 * t)).astype(np.float32)
y = torch.from_numpy(audio).unsqueeze(0)

stft = STFT(filter_length=64, hop_length=16, win_length=64)
print('buffers', [(n, tuple(b.shape), b.dtype) for n, b in stft.named_buffers()])
print('basis row 1 max %.4f' % stft.forward_basis[1].abs().max().item())
magnitude, phase = stft.transform(y)
print('magnitude', tuple(magnitude.shape), 'phase', tuple(phase.shape), phase.requires_grad)
print('peak bins', magnitude[0].argmax(dim=0)[2:8].tolist())
recon = stft(y)
print('reconstruction', tuple(recon.shape), 'max err %.4f' % (recon[0, 0, :400] - y[0]).abs().max().item())
ws = window_sumsquare('hann', magnitude.size(-1), hop_length=16, win_length=64, n_fft=64)
print('window_sumsquare', ws.shape, ws.dtype, '%.4f %.4f' % (ws.min(), ws[64:-64].max()), tiny(ws) > 0)

ref = torch.stft(y, 64, 16, window=torch.hann_window(64), return_complex=True)
print('conv stft matches torch.stft', torch.allclose(ref.abs(), magnitude, atol=1e-3))

taco = TacotronSTFT(filter_length=64, hop_length=16, win_length=64, n_mel_channels=8, sampling_rate=sr,
                    mel_fmin=0.0, mel_fmax=2000.0)
mel = taco.mel_spectrogram(y)
print('mel', tuple(mel.shape), 'range %.3f %.3f' % (mel.min().item(), mel.max().item()))
back = taco.spectral_de_normalize(mel)
print('de-normalize round trip', torch.allclose(taco.spectral_normalize(back), mel, atol=1e-5))
try:
    taco.mel_spectrogram(y * 3)
except AssertionError:
    print('AssertionError: audio outside [-1, 1]')

signal = griffin_lim(magnitude, stft, n_iters=8)
print('griffin-lim', tuple(signal.shape), signal.dtype)
m2, _ = stft.transform(signal[:, :400])
err0 = (m2 - magnitude).abs().mean().item()
print('spectral convergence < 0.5:', err0 / magnitude.abs().mean().item() < 0.5)
