# Real-program corpus (tests/realworld, see README.md): golbin/WaveNet's PyTorch WaveNet in its own
# shape -- wavenet/networks.py (DilatedCausalConv1d with kernel 2 and no padding, CausalConv1d that
# pads one and cuts the last step, ResidualBlock's tanh*sigmoid gate with residual and skip 1x1 convs,
# ResidualStack over dilations 2**l for each stack, DensNet head with Softmax(dim=1), receptive field
# from np.sum of the dilation list), wavenet/utils/data.py (mu-law encode through np.digitize over a
# linspace, one-hot through fancy assignment, mu-law decode) and wavenet/model.py (Adam, the loss on
# the (batch*time, channels) view of the softmaxed output against the last output_size targets,
# generation that appends one sample at a time) @ 091360ed781f1440618d482fc408aa00bad0330e.
# Changes: a synthetic two-tone waveform instead of a folder of .wav files (librosa), 3 layers x 2
# stacks with 16 residual channels and 32 quantization levels instead of 10 x 5, 256; 6 training
# steps; the InputSizeError check kept as a plain ValueError subclass; losses printed with :.4f.
# Written for Kiln, not copied.
import numpy as np
import torch


class InputSizeError(Exception):
    def __init__(self, input_size, receptive_fields, output_size):
        message = 'Input size has to be larger than receptive_fields\n'
        message += 'Input size: {0}, Receptive fields size: {1}, Output size: {2}'.format(
            input_size, receptive_fields, output_size)
        super(InputSizeError, self).__init__(message)


def mu_law_encode(audio, quantization_channels=256):
    mu = float(quantization_channels - 1)
    quantize_space = np.linspace(-1, 1, quantization_channels)
    quantized = np.sign(audio) * np.log(1 + mu * np.abs(audio)) / np.log(mu + 1)
    quantized = np.digitize(quantized, quantize_space) - 1
    return quantized


def mu_law_decode(output, quantization_channels=256):
    mu = float(quantization_channels - 1)
    expanded = (output / quantization_channels) * 2. - 1
    waveform = np.sign(expanded) * (np.exp(np.abs(expanded) * np.log(mu + 1)) - 1) / mu
    return waveform


def one_hot_encode(data, channels=256):
    one_hot = np.zeros((data.size, channels), dtype=float)
    one_hot[np.arange(data.size), data.ravel()] = 1
    return one_hot


def one_hot_decode(data, axis=1):
    return np.argmax(data, axis=axis)


class DilatedCausalConv1d(torch.nn.Module):
    def __init__(self, channels, dilation=1):
        super(DilatedCausalConv1d, self).__init__()
        self.conv = torch.nn.Conv1d(channels, channels, kernel_size=2, stride=1,
                                    dilation=dilation, padding=0, bias=False)

    def init_weights_for_test(self):
        for m in self.modules():
            if isinstance(m, torch.nn.Conv1d):
                m.weight.data.fill_(1)

    def forward(self, x):
        return self.conv(x)


class CausalConv1d(torch.nn.Module):
    def __init__(self, in_channels, out_channels):
        super(CausalConv1d, self).__init__()
        self.conv = torch.nn.Conv1d(in_channels, out_channels, kernel_size=2, stride=1, padding=1,
                                    bias=False)

    def init_weights_for_test(self):
        for m in self.modules():
            if isinstance(m, torch.nn.Conv1d):
                m.weight.data.fill_(1)

    def forward(self, x):
        output = self.conv(x)
        return output[:, :, :-1]


class ResidualBlock(torch.nn.Module):
    def __init__(self, res_channels, skip_channels, dilation):
        super(ResidualBlock, self).__init__()
        self.dilated = DilatedCausalConv1d(res_channels, dilation=dilation)
        self.conv_res = torch.nn.Conv1d(res_channels, res_channels, 1)
        self.conv_skip = torch.nn.Conv1d(res_channels, skip_channels, 1)
        self.gate_tanh = torch.nn.Tanh()
        self.gate_sigmoid = torch.nn.Sigmoid()

    def forward(self, x, skip_size):
        output = self.dilated(x)
        gated_tanh = self.gate_tanh(output)
        gated_sigmoid = self.gate_sigmoid(output)
        gated = gated_tanh * gated_sigmoid
        output = self.conv_res(gated)
        input_cut = x[:, :, -output.size(2):]
        output += input_cut
        skip = self.conv_skip(gated)
        skip = skip[:, :, -skip_size:]
        return output, skip


class ResidualStack(torch.nn.Module):
    def __init__(self, layer_size, stack_size, res_channels, skip_channels):
        super(ResidualStack, self).__init__()
        self.layer_size = layer_size
        self.stack_size = stack_size
        self.dilations = self.build_dilations()
        self.res_blocks = torch.nn.ModuleList([ResidualBlock(res_channels, skip_channels, dilation)
                                               for dilation in self.dilations])

    def build_dilations(self):
        dilations = []
        for s in range(0, self.stack_size):
            for l in range(0, self.layer_size):
                dilations.append(2 ** l)
        return dilations

    def forward(self, x, skip_size):
        output = x
        skip_connections = []
        for res_block in self.res_blocks:
            output, skip = res_block(output, skip_size)
            skip_connections.append(skip)
        return torch.stack(skip_connections)


class DensNet(torch.nn.Module):
    def __init__(self, channels):
        super(DensNet, self).__init__()
        self.conv1 = torch.nn.Conv1d(channels, channels, 1)
        self.conv2 = torch.nn.Conv1d(channels, channels, 1)
        self.relu = torch.nn.ReLU()
        self.softmax = torch.nn.Softmax(dim=1)

    def forward(self, x):
        output = self.relu(x)
        output = self.conv1(output)
        output = self.relu(output)
        output = self.conv2(output)
        return self.softmax(output)


class WaveNet(torch.nn.Module):
    def __init__(self, layer_size, stack_size, in_channels, res_channels):
        super(WaveNet, self).__init__()
        self.receptive_fields = self.calc_receptive_fields(layer_size, stack_size)
        self.causal = CausalConv1d(in_channels, res_channels)
        self.res_stack = ResidualStack(layer_size, stack_size, res_channels, in_channels)
        self.densnet = DensNet(in_channels)

    @staticmethod
    def calc_receptive_fields(layer_size, stack_size):
        layers = [2 ** i for i in range(0, layer_size)] * stack_size
        num_receptive_fields = np.sum(layers)
        return int(num_receptive_fields)

    def calc_output_size(self, x):
        output_size = int(x.size(2)) - self.receptive_fields
        self.check_input_size(x, output_size)
        return output_size

    def check_input_size(self, x, output_size):
        if output_size < 1:
            raise InputSizeError(int(x.size(2)), self.receptive_fields, output_size)

    def forward(self, x):
        output = x.transpose(1, 2)
        output_size = self.calc_output_size(output)
        output = self.causal(output)
        skip_connections = self.res_stack(output, output_size)
        output = torch.sum(skip_connections, dim=0)
        output = self.densnet(output)
        return output.transpose(1, 2).contiguous()


class WaveNetModel:
    """The training wrapper of wavenet/model.py: Adam on the softmaxed output."""

    def __init__(self, layer_size, stack_size, in_channels, res_channels, lr=0.002):
        self.net = WaveNet(layer_size, stack_size, in_channels, res_channels)
        self.in_channels = in_channels
        self.receptive_fields = self.net.receptive_fields
        self.lr = lr
        self.loss = self._loss()
        self.optimizer = self._optimizer()

    @staticmethod
    def _loss():
        return torch.nn.CrossEntropyLoss()

    def _optimizer(self):
        return torch.optim.Adam(self.net.parameters(), lr=self.lr)

    def train(self, inputs, targets):
        outputs = self.net(inputs)
        loss = self.loss(outputs.view(-1, self.in_channels), targets.long().view(-1))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def generate(self, inputs):
        return self.net(inputs)


torch.manual_seed(0)
np.random.seed(0)
CHANNELS = 32
sr = 800
t = np.arange(0, 160) / sr
audio = 0.6 * np.sin(2 * np.pi * 50 * t) + 0.3 * np.sin(2 * np.pi * 130 * t) + 0.02 * np.random.randn(t.size)
audio = audio.reshape(-1, 1)
quantized = mu_law_encode(audio, CHANNELS)
print('quantized', quantized.shape, quantized.dtype.kind, int(quantized.min()), int(quantized.max()))
print('first codes', quantized[:10, 0].tolist())
decoded = mu_law_decode(quantized.astype(np.float64), CHANNELS)
print('mu-law round trip max error %.4f' % np.abs(decoded - audio).max())

model = WaveNetModel(layer_size=3, stack_size=2, in_channels=CHANNELS, res_channels=16)
print('receptive fields', model.receptive_fields, type(model.receptive_fields).__name__)
print('dilations', model.net.res_stack.dilations)
print('parameters', sum(p.numel() for p in model.net.parameters()))

sample_size = 64
for step in range(6):
    start = (step * 13) % (len(quantized) - sample_size - 1)
    piece = quantized[start:start + sample_size + 1]
    inputs = one_hot_encode(piece[:-1], CHANNELS)
    inputs = torch.from_numpy(inputs).float().unsqueeze(0)
    targets = torch.from_numpy(piece[model.receptive_fields + 1:, 0]).unsqueeze(0)
    loss = model.train(inputs, targets)
    print('[{0}/6] loss: {1:.4f}'.format(step + 1, loss))

try:
    model.net(torch.zeros(1, 5, CHANNELS))
except InputSizeError as e:
    print('InputSizeError:', str(e).splitlines()[1])

# generation: feed the receptive field, append the argmax sample, slide
with torch.no_grad():
    seed = one_hot_encode(quantized[:model.receptive_fields + 1], CHANNELS)
    window = torch.from_numpy(seed).float().unsqueeze(0)
    generated = []
    for _ in range(8):
        out = model.generate(window)
        code = one_hot_decode(out[0].numpy(), axis=1)[-1]
        generated.append(int(code))
        nxt = torch.from_numpy(one_hot_encode(np.array([[code]]), CHANNELS)).float().unsqueeze(0)
        window = torch.cat([window[:, 1:, :], nxt], dim=1)
    print('generated codes', len(generated), all(0 <= c < CHANNELS for c in generated))
    print('generated wave', np.round(mu_law_decode(np.array(generated, dtype=np.float64), CHANNELS), 1).shape)
