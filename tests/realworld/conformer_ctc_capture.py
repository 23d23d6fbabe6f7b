# Real-program corpus (tests/realworld, see README.md): a Conformer speech encoder trained with CTC
# and then captured, in the shape of sooftware/conformer (conformer/model.py, encoder.py,
# attention.py, embedding.py, convolution.py, feed_forward.py, modules.py, activation.py and the
# README's usage): Conv2d subsampling whose lengths are `input_lengths >> 2` minus one, a relative
# positional encoding caching its table in a plain tensor attribute rebuilt with slice assignments
# (`pe_positive[:, 0::2] = torch.sin(...)`) and compared by dtype and device, relative multi-head
# attention with u/v biases and the pad-and-view relative shift, a convolution module of pointwise
# conv, GLU over `chunk`, depthwise conv, BatchNorm1d and Swish behind a `Transpose(shape=(1, 2))`
# calling `x.transpose(*self.shape)`, half-step feed-forward residuals, log_softmax outputs and
# nn.CTCLoss over (T, N, C). After a few Adam steps the model is put through torch.jit.script,
# torch.jit.trace and torch.export, each checked against eager.
# Origin: sooftware/conformer conformer/*.py and README.md @ b4e7d44944214db6e5912f92ff43d5ea1919eaa2.
# Written for Kiln, not copied. Changes: one file instead of the package; encoder_dim 16, 2 blocks,
# 2 heads, kernel 7 and 40 frames of 16 features instead of 512/17/8/31 and 12345 frames of 80; a
# random batch instead of LibriSpeech features; three optimizer steps.
import math
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.init as init
from torch import Tensor


class Swish(nn.Module):
    def forward(self, inputs: Tensor) -> Tensor:
        return inputs * inputs.sigmoid()


class GLU(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, inputs: Tensor) -> Tensor:
        outputs, gate = inputs.chunk(2, dim=self.dim)
        return outputs * gate.sigmoid()


class Transpose(nn.Module):
    def __init__(self, shape: tuple):
        super().__init__()
        self.shape = shape

    def forward(self, x: Tensor) -> Tensor:
        return x.transpose(*self.shape)


class Linear(nn.Module):
    # nn.Linear with Xavier-uniform weights and zero bias
    def __init__(self, in_features: int, out_features: int, bias: bool = True) -> None:
        super().__init__()
        self.linear = nn.Linear(in_features, out_features, bias=bias)
        init.xavier_uniform_(self.linear.weight)
        if bias:
            init.zeros_(self.linear.bias)

    def forward(self, x: Tensor) -> Tensor:
        return self.linear(x)


class ResidualConnectionModule(nn.Module):
    def __init__(self, module: nn.Module, module_factor: float = 1.0, input_factor: float = 1.0):
        super().__init__()
        self.module = module
        self.module_factor = module_factor
        self.input_factor = input_factor

    def forward(self, inputs: Tensor) -> Tensor:
        return self.module(inputs) * self.module_factor + inputs * self.input_factor


class FeedForwardModule(nn.Module):
    def __init__(self, encoder_dim: int, expansion_factor: int = 4, dropout_p: float = 0.1) -> None:
        super().__init__()
        self.sequential = nn.Sequential(
            nn.LayerNorm(encoder_dim),
            Linear(encoder_dim, encoder_dim * expansion_factor),
            Swish(),
            nn.Dropout(p=dropout_p),
            Linear(encoder_dim * expansion_factor, encoder_dim),
            nn.Dropout(p=dropout_p),
        )

    def forward(self, inputs: Tensor) -> Tensor:
        return self.sequential(inputs)


class RelPositionalEncoding(nn.Module):
    # Positive and negative relative positions; the table grows when a longer input arrives.
    def __init__(self, d_model: int, max_len: int = 64) -> None:
        super().__init__()
        self.d_model = d_model
        self.pe = None
        self.extend_pe(torch.tensor(0.0).expand(1, max_len))

    def extend_pe(self, x: Tensor) -> None:
        if self.pe is not None:
            if self.pe.size(1) >= x.size(1) * 2 - 1:
                if self.pe.dtype != x.dtype or self.pe.device != x.device:
                    self.pe = self.pe.to(dtype=x.dtype, device=x.device)
                return
        pe_positive = torch.zeros(x.size(1), self.d_model)
        pe_negative = torch.zeros(x.size(1), self.d_model)
        position = torch.arange(0, x.size(1), dtype=torch.float32).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, self.d_model, 2, dtype=torch.float32) * -(math.log(10000.0) / self.d_model))
        pe_positive[:, 0::2] = torch.sin(position * div_term)
        pe_positive[:, 1::2] = torch.cos(position * div_term)
        pe_negative[:, 0::2] = torch.sin(-1 * position * div_term)
        pe_negative[:, 1::2] = torch.cos(-1 * position * div_term)
        pe_positive = torch.flip(pe_positive, [0]).unsqueeze(0)
        pe_negative = pe_negative[1:].unsqueeze(0)
        self.pe = torch.cat([pe_positive, pe_negative], dim=1).to(device=x.device, dtype=x.dtype)

    def forward(self, x: Tensor) -> Tensor:
        self.extend_pe(x)
        center = self.pe.size(1) // 2
        return self.pe[:, center - x.size(1) + 1 : center + x.size(1)]


class RelativeMultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int, dropout_p: float = 0.1):
        super().__init__()
        assert d_model % num_heads == 0, "d_model % num_heads should be zero."
        self.d_model = d_model
        self.d_head = int(d_model / num_heads)
        self.num_heads = num_heads
        self.sqrt_dim = math.sqrt(self.d_head)
        self.query_proj = Linear(d_model, d_model)
        self.key_proj = Linear(d_model, d_model)
        self.value_proj = Linear(d_model, d_model)
        self.pos_proj = Linear(d_model, d_model, bias=False)
        self.dropout = nn.Dropout(p=dropout_p)
        self.u_bias = nn.Parameter(torch.Tensor(self.num_heads, self.d_head))
        self.v_bias = nn.Parameter(torch.Tensor(self.num_heads, self.d_head))
        torch.nn.init.xavier_uniform_(self.u_bias)
        torch.nn.init.xavier_uniform_(self.v_bias)
        self.out_proj = Linear(d_model, d_model)

    def forward(self, query: Tensor, key: Tensor, value: Tensor, pos_embedding: Tensor,
                mask: Optional[Tensor] = None) -> Tensor:
        batch_size = value.size(0)
        query = self.query_proj(query).view(batch_size, -1, self.num_heads, self.d_head)
        key = self.key_proj(key).view(batch_size, -1, self.num_heads, self.d_head).permute(0, 2, 1, 3)
        value = self.value_proj(value).view(batch_size, -1, self.num_heads, self.d_head).permute(0, 2, 1, 3)
        pos_embedding = self.pos_proj(pos_embedding).view(batch_size, -1, self.num_heads, self.d_head)
        content_score = torch.matmul((query + self.u_bias).transpose(1, 2), key.transpose(2, 3))
        pos_score = torch.matmul((query + self.v_bias).transpose(1, 2), pos_embedding.permute(0, 2, 3, 1))
        pos_score = self._relative_shift(pos_score)
        score = (content_score + pos_score) / self.sqrt_dim
        if mask is not None:
            score.masked_fill_(mask.unsqueeze(1), -1e9)
        attn = self.dropout(F.softmax(score, -1))
        context = torch.matmul(attn, value).transpose(1, 2)
        context = context.contiguous().view(batch_size, -1, self.d_model)
        return self.out_proj(context)

    def _relative_shift(self, pos_score: Tensor) -> Tensor:
        batch_size, num_heads, seq_length1, seq_length2 = pos_score.size()
        zeros = pos_score.new_zeros(batch_size, num_heads, seq_length1, 1)
        padded = torch.cat([zeros, pos_score], dim=-1)
        padded = padded.view(batch_size, num_heads, seq_length2 + 1, seq_length1)
        return padded[:, :, 1:].view_as(pos_score)[:, :, :, : seq_length2 // 2 + 1]


class MultiHeadedSelfAttentionModule(nn.Module):
    def __init__(self, d_model: int, num_heads: int, dropout_p: float = 0.1):
        super().__init__()
        self.positional_encoding = RelPositionalEncoding(d_model)
        self.layer_norm = nn.LayerNorm(d_model)
        self.attention = RelativeMultiHeadAttention(d_model, num_heads, dropout_p)
        self.dropout = nn.Dropout(p=dropout_p)

    def forward(self, inputs: Tensor, mask: Optional[Tensor] = None):
        batch_size = inputs.size(0)
        pos_embedding = self.positional_encoding(inputs).repeat(batch_size, 1, 1)
        inputs = self.layer_norm(inputs)
        outputs = self.attention(inputs, inputs, inputs, pos_embedding=pos_embedding, mask=mask)
        return self.dropout(outputs)


class ConformerConvModule(nn.Module):
    def __init__(self, in_channels: int, kernel_size: int = 31, expansion_factor: int = 2, dropout_p: float = 0.1) -> None:
        super().__init__()
        assert (kernel_size - 1) % 2 == 0, "kernel_size should be a odd number for 'SAME' padding"
        self.sequential = nn.Sequential(
            nn.LayerNorm(in_channels),
            Transpose(shape=(1, 2)),
            nn.Conv1d(in_channels, in_channels * expansion_factor, kernel_size=1),  # pointwise
            GLU(dim=1),
            nn.Conv1d(in_channels, in_channels, kernel_size, groups=in_channels,
                      padding=(kernel_size - 1) // 2, bias=False),  # depthwise
            nn.BatchNorm1d(in_channels),
            Swish(),
            nn.Conv1d(in_channels, in_channels, kernel_size=1),
            nn.Dropout(p=dropout_p),
        )

    def forward(self, inputs: Tensor) -> Tensor:
        return self.sequential(inputs).transpose(1, 2)


class Conv2dSubampling(nn.Module):
    def __init__(self, in_channels: int, out_channels: int) -> None:
        super().__init__()
        self.sequential = nn.Sequential(
            nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=2),
            nn.ReLU(),
            nn.Conv2d(out_channels, out_channels, kernel_size=3, stride=2),
            nn.ReLU(),
        )

    def forward(self, inputs: Tensor, input_lengths: Tensor) -> Tuple[Tensor, Tensor]:
        outputs = self.sequential(inputs.unsqueeze(1))
        batch_size, channels, subsampled_lengths, subsampled_dim = outputs.size()
        outputs = outputs.permute(0, 2, 1, 3)
        outputs = outputs.contiguous().view(batch_size, subsampled_lengths, channels * subsampled_dim)
        output_lengths = input_lengths >> 2
        output_lengths -= 1
        return outputs, output_lengths


class ConformerBlock(nn.Module):
    def __init__(self, encoder_dim: int, num_attention_heads: int, conv_kernel_size: int, half_step_residual: bool = True):
        super().__init__()
        self.feed_forward_residual_factor = 0.5 if half_step_residual else 1.0
        self.sequential = nn.Sequential(
            ResidualConnectionModule(FeedForwardModule(encoder_dim), module_factor=self.feed_forward_residual_factor),
            ResidualConnectionModule(MultiHeadedSelfAttentionModule(encoder_dim, num_attention_heads)),
            ResidualConnectionModule(ConformerConvModule(encoder_dim, kernel_size=conv_kernel_size)),
            ResidualConnectionModule(FeedForwardModule(encoder_dim), module_factor=self.feed_forward_residual_factor),
            nn.LayerNorm(encoder_dim),
        )

    def forward(self, inputs: Tensor) -> Tensor:
        return self.sequential(inputs)


class ConformerEncoder(nn.Module):
    def __init__(self, input_dim: int, encoder_dim: int, num_layers: int, num_attention_heads: int, conv_kernel_size: int):
        super().__init__()
        self.conv_subsample = Conv2dSubampling(in_channels=1, out_channels=encoder_dim)
        self.input_projection = nn.Sequential(
            Linear(encoder_dim * (((input_dim - 1) // 2 - 1) // 2), encoder_dim),
            nn.Dropout(p=0.1),
        )
        self.layers = nn.ModuleList([ConformerBlock(encoder_dim, num_attention_heads, conv_kernel_size)
                                     for _ in range(num_layers)])

    def count_parameters(self) -> int:
        return sum([p.numel() for p in self.parameters()])

    def forward(self, inputs: Tensor, input_lengths: Tensor) -> Tuple[Tensor, Tensor]:
        outputs, output_lengths = self.conv_subsample(inputs, input_lengths)
        outputs = self.input_projection(outputs)
        for layer in self.layers:
            outputs = layer(outputs)
        return outputs, output_lengths


class Conformer(nn.Module):
    def __init__(self, num_classes: int, input_dim: int = 80, encoder_dim: int = 512, num_encoder_layers: int = 17,
                 num_attention_heads: int = 8, conv_kernel_size: int = 31) -> None:
        super().__init__()
        self.encoder = ConformerEncoder(input_dim, encoder_dim, num_encoder_layers, num_attention_heads, conv_kernel_size)
        self.fc = Linear(encoder_dim, num_classes, bias=False)

    def count_parameters(self) -> int:
        return self.encoder.count_parameters()

    def forward(self, inputs: Tensor, input_lengths: Tensor) -> Tuple[Tensor, Tensor]:
        encoder_outputs, encoder_output_lengths = self.encoder(inputs, input_lengths)
        outputs = nn.functional.log_softmax(self.fc(encoder_outputs), dim=-1)
        return outputs, encoder_output_lengths


def main():
    torch.manual_seed(0)
    batch_size, sequence_length, dim = 3, 40, 16
    criterion = nn.CTCLoss()
    inputs = torch.rand(batch_size, sequence_length, dim)
    input_lengths = torch.LongTensor([40, 38, 33])
    targets = torch.LongTensor([[1, 3, 3, 4, 5], [1, 3, 4, 2, 0], [2, 3, 4, 0, 0]])
    target_lengths = torch.LongTensor([5, 4, 3])
    model = Conformer(num_classes=6, input_dim=dim, encoder_dim=16, num_encoder_layers=2,
                      num_attention_heads=2, conv_kernel_size=7)
    print("parameters:", model.count_parameters(), sum(p.numel() for p in model.parameters()))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.train()
    for step in range(3):
        outputs, output_lengths = model(inputs, input_lengths)
        loss = criterion(outputs.transpose(0, 1), targets, output_lengths, target_lengths)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"step {step} loss {loss.item():.4f} outputs {tuple(outputs.shape)} lengths {output_lengths.tolist()}")

    model.eval()
    with torch.no_grad():
        ref_out, ref_len = model(inputs, input_lengths)
        scripted = torch.jit.script(model)
        s_out, s_len = scripted(inputs, input_lengths)
        print("script:", type(scripted).__name__, torch.allclose(s_out, ref_out, atol=1e-5), torch.equal(s_len, ref_len))
        # the first block's attention module: submodules of containers are named "0", "1", ...
        pe = getattr(getattr(scripted.encoder.layers, "0").sequential, "1").module.positional_encoding
        print("pe cache:", tuple(pe.pe.shape), pe.pe.dtype)
        longer = torch.rand(1, 280, dim)
        print("longer input:", tuple(scripted(longer, torch.LongTensor([280]))[0].shape), tuple(pe.pe.shape))
        traced = torch.jit.trace(model, (inputs, input_lengths), check_trace=False)
        t_out, t_len = traced(inputs, input_lengths)
        print("trace:", torch.allclose(t_out, ref_out, atol=1e-5), t_len.tolist())
        ep = torch.export.export(model, (inputs, input_lengths))
        ops = sorted({str(n.target) for n in ep.graph.nodes if n.op == "call_function" and "shift" in str(n.target)})
        e_out, e_len = ep.module()(inputs, input_lengths)
        print("export:", torch.allclose(e_out, ref_out, atol=1e-5), e_len.tolist(), ops)
        greedy = ref_out.argmax(-1)
        print("greedy:", greedy[0, : ref_len[0]].tolist())


if __name__ == "__main__":
    main()
