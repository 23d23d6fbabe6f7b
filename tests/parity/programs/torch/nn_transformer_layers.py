import torch
import torch.nn as nn


def show(name, t):
    print(name, tuple(t.shape), " ".join(f"{v:.4f}" for v in t.detach().flatten().tolist()))


torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, dropout=0.0)
print(layer)
print([(n, tuple(p.shape)) for n, p in layer.named_parameters()])
x = torch.linspace(-1, 1, 3 * 2 * 4).reshape(3, 2, 4)
show("enc", layer(x))

enc = nn.TransformerEncoder(layer, num_layers=2)
print(len(enc.layers), torch.equal(enc.layers[0].linear1.weight, layer.linear1.weight))
print(torch.equal(enc.layers[0].linear1.weight, enc.layers[1].linear1.weight), enc.layers[0] is enc.layers[1])
show("stack", enc(x))
print(torch.rand(1))

mask = nn.Transformer.generate_square_subsequent_mask(3)
print(mask)
show("causal", enc(x, mask=mask))
pad = torch.tensor([[False, False, True], [False, False, False]])
show("padded", enc(x, src_key_padding_mask=pad))

torch.manual_seed(1)
nf = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
show("norm_first", nf(x.transpose(0, 1)))

torch.manual_seed(2)
dec_layer = nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0)
print([n for n, _ in dec_layer.named_children()])
mem = torch.linspace(0, 1, 2 * 2 * 4).reshape(2, 2, 4)
show("dec", dec_layer(x, mem, tgt_mask=mask))

torch.manual_seed(3)
model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=8, dropout=0.0)
print(sum(p.numel() for p in model.parameters()))
out = model(mem, x, tgt_mask=mask)
show("transformer", out)
out.sum().backward()
print(model.encoder.layers[0].linear1.weight.grad.shape)
try:
    model(mem, x[:, :1])
except RuntimeError as e:
    print("RuntimeError", e)
try:
    nn.TransformerEncoderLayer(4, 2, activation="tanh")
except RuntimeError as e:
    print("RuntimeError", e)
