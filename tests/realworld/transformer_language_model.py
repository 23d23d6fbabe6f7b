# Real-program corpus (tests/realworld, see README.md): a Transformer-encoder language model (a
# subclass of nn.Transformer, a sinusoidal PositionalEncoding registered as a buffer, a causal mask
# built with log(tril(ones))), trained with AdamW: the workflow of pytorch/examples
# word_language_model/model.py (TransformerModel) and main.py --model Transformer @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; random tokens.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class PositionalEncoding(nn.Module):
    r"""Adds sine/cosine position signals of different frequencies to the embeddings.

    Shape: x is [sequence length, batch size, embed dim].
    """

    def __init__(self, d_model, dropout=0.1, max_len=64):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout)
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        pe = pe.unsqueeze(0).transpose(0, 1)
        self.register_buffer('pe', pe)

    def forward(self, x):
        x = x + self.pe[:x.size(0), :]
        return self.dropout(x)


class TransformerModel(nn.Transformer):
    def __init__(self, ntoken, ninp, nhead, nhid, nlayers, dropout=0.5):
        super().__init__(d_model=ninp, nhead=nhead, dim_feedforward=nhid, num_encoder_layers=nlayers)
        self.model_type = 'Transformer'
        self.src_mask = None
        self.pos_encoder = PositionalEncoding(ninp, dropout)
        self.input_emb = nn.Embedding(ntoken, ninp)
        self.ninp = ninp
        self.decoder = nn.Linear(ninp, ntoken)
        self.init_weights()

    def _generate_square_subsequent_mask(self, sz):
        return torch.log(torch.tril(torch.ones(sz, sz)))

    def init_weights(self):
        nn.init.uniform_(self.input_emb.weight, -0.1, 0.1)
        nn.init.zeros_(self.decoder.bias)
        nn.init.uniform_(self.decoder.weight, -0.1, 0.1)

    def forward(self, src, has_mask=True):
        if has_mask:
            if self.src_mask is None or self.src_mask.size(0) != len(src):
                self.src_mask = self._generate_square_subsequent_mask(len(src)).to(src.device)
        else:
            self.src_mask = None
        src = self.input_emb(src) * math.sqrt(self.ninp)
        src = self.pos_encoder(src)
        output = self.encoder(src, mask=self.src_mask)
        return F.log_softmax(self.decoder(output), dim=-1)


torch.manual_seed(0)
ntokens = 20
model = TransformerModel(ntokens, ninp=16, nhead=2, nhid=32, nlayers=2, dropout=0.1)
print(type(model.encoder).__name__, len(model.encoder.layers), type(model.decoder).__name__)
print(sum(p.numel() for p in model.parameters()))
print(model._generate_square_subsequent_mask(4))
data = torch.randint(0, ntokens, (7, 4))
criterion = nn.NLLLoss()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(4):
    model.train()
    optimizer.zero_grad()
    output = model(data[:-1]).view(-1, ntokens)
    loss = criterion(output, data[1:].reshape(-1))
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
    optimizer.step()
    print(f"step {step} loss {loss.item():.4f} ppl {math.exp(loss.item()):.2f}")
model.eval()
with torch.no_grad():
    out = model(data[:3], has_mask=False)
print(out.shape, model.src_mask is None, f"{out.exp().sum(-1).mean().item():.4f}")
