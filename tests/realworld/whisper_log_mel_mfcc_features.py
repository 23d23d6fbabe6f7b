# Real-program corpus (tests/realworld, see README.md): torchaudio-free audio features in the shape of
# openai/whisper whisper/audio.py @ 06dc24a5ad0895bc28a6e5f39f776045b3705784 -- exact_div, pad_or_trim
# for tensors (F.pad with the flattened reversed pad_widths, index_select) and NumPy arrays (take,
# np.pad), an lru_cache'd mel_filters(device, n_mels), log_mel_spectrogram (hann_window, torch.stft
# return_complex=True, stft[..., :-1].abs() ** 2, filters @ magnitudes, clamp(min=1e-10).log10(),
# torch.maximum against max - 8, (x + 4) / 4) -- extended with the from-scratch features audio
# tutorials build next to it: a triangular HTK mel filterbank (1127 * log1p(f / 700), expm1 back,
# min of two linear ramps, clamp, area normalisation), an orthonormal DCT-II matrix for MFCCs (the
# torchaudio.functional.create_dct formula), amplitude to dB with a top_db floor, delta features by
# conv1d, torch.istft reconstruction and an overlap-add by F.fold. Changes: mel_filters builds the
# filterbank instead of loading assets/mel_filters.npz (librosa's), N_FFT 128 / HOP 32 / 16 mels over
# 0.25 s of synthetic chirp audio instead of 400 / 160 / 80 over 30 s of decoded mp3 (no ffmpeg).
# Written for Kiln, not copied.
import math
from functools import lru_cache
from typing import Optional, Union

import numpy as np
import torch
import torch.nn.functional as F

SAMPLE_RATE = 4000
N_FFT = 128
HOP_LENGTH = 32
CHUNK_LENGTH = 1


def exact_div(x, y):
    assert x % y == 0
    return x // y


N_SAMPLES = CHUNK_LENGTH * SAMPLE_RATE
N_FRAMES = exact_div(N_SAMPLES, HOP_LENGTH)
N_MELS = 16


def pad_or_trim(array, length: int = N_SAMPLES, *, axis: int = -1):
    if torch.is_tensor(array):
        if array.shape[axis] > length:
            array = array.index_select(dim=axis, index=torch.arange(length, device=array.device))
        if array.shape[axis] < length:
            pad_widths = [(0, 0)] * array.ndim
            pad_widths[axis] = (0, length - array.shape[axis])
            array = F.pad(array, [pad for sizes in pad_widths[::-1] for pad in sizes])
    else:
        if array.shape[axis] > length:
            array = array.take(indices=range(length), axis=axis)
        if array.shape[axis] < length:
            pad_widths = [(0, 0)] * array.ndim
            pad_widths[axis] = (0, length - array.shape[axis])
            array = np.pad(array, pad_widths)
    return array


def create_mel_filterbank(sample_rate, frame_len, num_bands, min_freq, max_freq, norm=True):
    min_mel = 1127 * np.log1p(min_freq / 700.0)
    max_mel = 1127 * np.log1p(max_freq / 700.0)
    peaks_mel = torch.linspace(min_mel, max_mel, num_bands + 2)
    peaks_hz = 700 * (torch.expm1(peaks_mel / 1127))
    peaks_bin = peaks_hz * frame_len / sample_rate
    input_bins = (frame_len // 2) + 1
    x = torch.arange(input_bins, dtype=peaks_bin.dtype)[:, np.newaxis]
    l, c, r = peaks_bin[0:-2], peaks_bin[1:-1], peaks_bin[2:]
    tri_left = (x - l) / (c - l)
    tri_right = (x - r) / (c - r)
    tri = torch.min(tri_left, tri_right)
    filterbank = torch.clamp(tri, min=0)
    if norm:
        filterbank /= filterbank.sum(0)
    return filterbank


CALLS = []


@lru_cache(maxsize=None)
def mel_filters(device, n_mels: int = N_MELS) -> torch.Tensor:
    assert n_mels == 16, f"Unsupported n_mels: {n_mels}"
    CALLS.append(n_mels)
    return create_mel_filterbank(SAMPLE_RATE, N_FFT, n_mels, 0.0, SAMPLE_RATE / 2).T.contiguous().to(device)


def log_mel_spectrogram(audio: Union[str, np.ndarray, torch.Tensor], n_mels: int = N_MELS, padding: int = 0,
                        device: Optional[Union[str, torch.device]] = None):
    if not torch.is_tensor(audio):
        audio = torch.from_numpy(audio)
    if device is not None:
        audio = audio.to(device)
    if padding > 0:
        audio = F.pad(audio, (0, padding))
    window = torch.hann_window(N_FFT).to(audio.device)
    stft = torch.stft(audio, N_FFT, HOP_LENGTH, window=window, return_complex=True)
    magnitudes = stft[..., :-1].abs() ** 2
    filters = mel_filters(audio.device, n_mels)
    mel_spec = filters @ magnitudes
    log_spec = torch.clamp(mel_spec, min=1e-10).log10()
    log_spec = torch.maximum(log_spec, log_spec.max() - 8.0)
    log_spec = (log_spec + 4.0) / 4.0
    return log_spec


def create_dct(n_mfcc: int, n_mels: int, norm: Optional[str]):
    n = torch.arange(float(n_mels))
    k = torch.arange(float(n_mfcc)).unsqueeze(1)
    dct = torch.cos(math.pi / float(n_mels) * (n + 0.5) * k)
    if norm is None:
        dct *= 2.0
    else:
        assert norm == "ortho"
        dct[0] *= 1.0 / math.sqrt(2.0)
        dct *= math.sqrt(2.0 / float(n_mels))
    return dct.t()


def amplitude_to_db(x, multiplier, amin, db_multiplier, top_db=None):
    x_db = multiplier * torch.log10(torch.clamp(x, min=amin))
    x_db -= multiplier * db_multiplier
    if top_db is not None:
        x_db = x_db.clamp(min=x_db.amax(dim=(-2, -1), keepdim=True) - top_db)
    return x_db


def compute_deltas(specgram, win_length: int = 5):
    shape = specgram.size()
    specgram = specgram.reshape(1, -1, shape[-1])
    n = (win_length - 1) // 2
    denom = n * (n + 1) * (2 * n + 1) / 3
    specgram = F.pad(specgram, (n, n), mode="replicate")
    kernel = torch.arange(-n, n + 1, 1, dtype=specgram.dtype).repeat(specgram.shape[1], 1, 1)
    output = F.conv1d(specgram, kernel, groups=specgram.shape[1]) / denom
    return output.reshape(shape)


# ---- audio ------------------------------------------------------------------------------------------
t = np.arange(int(0.25 * SAMPLE_RATE)) / SAMPLE_RATE
chirp = (0.5 * np.sin(2 * np.pi * (200 * t + 1600 * t ** 2))).astype(np.float32)
print('audio', chirp.shape, chirp.dtype)
padded_np = pad_or_trim(chirp)
print('np pad_or_trim', padded_np.shape, float(padded_np[-1]), type(padded_np).__name__)
print('np trim', pad_or_trim(np.ones((2, 5000), dtype=np.float32)).shape)
audio = torch.from_numpy(chirp)
padded = pad_or_trim(audio)
print('torch pad_or_trim', tuple(padded.shape), padded[-3:].tolist())
print('torch trim', tuple(pad_or_trim(torch.ones(2, 4100)).shape), tuple(pad_or_trim(torch.ones(3, 7), 5, axis=0).shape))

fb = mel_filters('cpu')
fb2 = mel_filters('cpu')
print('mel filters', tuple(fb.shape), fb is fb2, CALLS, mel_filters.cache_info().hits)
print('filter areas', torch.allclose(fb.sum(1), torch.ones(N_MELS)), round(fb.max().item(), 4))

mel = log_mel_spectrogram(padded)
print('log mel', tuple(mel.shape), mel.dtype, N_FRAMES)
print('log mel range %.4f %.4f' % (mel.min().item(), mel.max().item()))
print('peak mel band per frame', mel[:, :8].argmax(dim=0).tolist())
mel_np = log_mel_spectrogram(chirp, padding=64)
print('from numpy with padding', tuple(mel_np.shape))

# MFCC: power mel -> dB -> DCT
window = torch.hann_window(N_FFT)
spec = torch.stft(audio, N_FFT, HOP_LENGTH, window=window, return_complex=True)
print('stft', tuple(spec.shape), spec.dtype, spec.is_complex())
power = spec.abs().pow(2.0)
mel_power = torch.matmul(power.transpose(-1, -2), create_mel_filterbank(SAMPLE_RATE, N_FFT, N_MELS, 0.0, 2000.0)).transpose(-1, -2)
db = amplitude_to_db(mel_power, 10.0, 1e-10, 0.0, top_db=80.0)
dct_mat = create_dct(13, N_MELS, "ortho")
print('dct orthonormal', torch.allclose(dct_mat.t() @ dct_mat, torch.eye(13), atol=1e-5))
mfcc = torch.matmul(db.transpose(-1, -2), dct_mat).transpose(-1, -2)
print('mfcc', tuple(mfcc.shape), 'c0 mean %.3f' % mfcc[0].mean().item())
deltas = compute_deltas(mfcc)
print('deltas', tuple(deltas.shape), 'mean abs %.3f' % deltas.abs().mean().item())

# reconstruction: istft and a hand-written overlap-add with F.fold
recon = torch.istft(spec, N_FFT, HOP_LENGTH, window=window, length=audio.shape[0])
print('istft max error < 1e-5:', (recon - audio).abs().max().item() < 1e-5)
frames = F.pad(audio[None], (N_FFT // 2, N_FFT // 2), mode='reflect')[0].unfold(0, N_FFT, HOP_LENGTH) * window
print('frames', tuple(frames.shape))
spec2 = torch.fft.rfft(frames, dim=-1).T
print('rfft frames match stft', torch.allclose(spec2, spec, atol=1e-4))
out_len = N_FFT + HOP_LENGTH * (frames.shape[0] - 1)
ola = F.fold((frames * window).T.unsqueeze(0), output_size=(1, out_len), kernel_size=(1, N_FFT),
             stride=(1, HOP_LENGTH))
wsum = F.fold((window ** 2).repeat(frames.shape[0], 1).T.unsqueeze(0), output_size=(1, out_len),
              kernel_size=(1, N_FFT), stride=(1, HOP_LENGTH))
print('fold', tuple(ola.shape), tuple(wsum.shape))
y = (ola / wsum.clamp(min=1e-8)).flatten()[N_FFT // 2: N_FFT // 2 + audio.shape[0]]
print('fold overlap-add max error < 1e-4:', (y - audio).abs().max().item() < 1e-4)
print('windows', [round(w, 4) for w in torch.hamming_window(5, periodic=False).tolist()],
      [round(w, 4) + 0.0 for w in torch.blackman_window(5).tolist()])
