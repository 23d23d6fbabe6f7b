# Real-program corpus (tests/realworld, see README.md): Jamie-Stirling/RetNet @ a5841a3ebffd181c7ec1d964b46060519df4b6c8
# (src/xpos_relative_position.py, src/retention.py, src/retnet.py, the checks of src/tests.py): the
# Retentive Network's three equivalent forms, parallel (decay mask D, xPos rotary scaling through
# x[:, :, ::2] / x[:, :, 1::2] slices, einsum sinusoids, repeat-based interleave), recurrent (state
# s_n = gamma * s_{n-1} + K^T V per step) and chunkwise (cross-chunk state with decay powers), for
# SimpleRetention, MultiScaleRetention (GroupNorm over heads, swish gate) and the RetNet stack; then a
# few AdamW steps of RetNet on a shifted-sequence regression, and the model under torch.compile
# (forward values and input gradients against eager).
# The three files are verbatim from `fixed_pos_embedding` / `class SimpleRetention` / `class RetNet`
# on. Changes from the origin: the files are one (their `from xpos_relative_position import XPOS` and
# `from retention import MultiScaleRetention` lines dropped), xpos's `if __name__ == "__main__"` demo
# left out; tests.py's unittest cases become plain checks with seeded inputs whose agreement is
# printed (plus rounded sums); the training and compile parts are this program's.
import math

import torch
import torch.nn as nn


# ---- src/xpos_relative_position.py (Microsoft torchscale, MIT) ------------------------------------
def fixed_pos_embedding(x):
    seq_len, dim = x.shape
    inv_freq = 1.0 / (10000 ** (torch.arange(0, dim) / dim))
    sinusoid_inp = (
        torch.einsum("i , j -> i j", torch.arange(0, seq_len, dtype=torch.float), inv_freq).to(x)
    )
    return torch.sin(sinusoid_inp), torch.cos(sinusoid_inp)

def rotate_every_two(x):
    x1 = x[:, :, ::2]
    x2 = x[:, :, 1::2]
    x = torch.stack((-x2, x1), dim=-1)
    if x.shape[-1]%2 == 1:
        # fill last dim with zero if hidden_size is odd
        x2 = torch.concat((x2, torch.zeros_like(x2[:, :, :1])), dim=-1)
    return x.flatten(-2)  # in einsum notation: rearrange(x, '... d j -> ... (d j)')\

def duplicate_interleave(m):
    """
    A simple version of `torch.repeat_interleave` for duplicating a matrix while interleaving the copy.
    """
    dim0 = m.shape[0]
    m = m.view(-1, 1)  # flatten the matrix
    m = m.repeat(1, 2)  # repeat all elements into the 2nd dimension
    m = m.view(dim0, -1)  # reshape into a matrix, interleaving the copy
    return m

def apply_rotary_pos_emb(x, sin, cos, scale=1):
    sin, cos = map(lambda t: duplicate_interleave(t * scale), (sin, cos))
    # einsum notation for lambda t: repeat(t[offset:x.shape[1]+offset,:], "n d -> () n () (d j)", j=2)
    return (x * cos[:, :x.shape[-1]]) + (rotate_every_two(x) * sin)[:, :, :x.shape[-1]]


class XPOS(nn.Module):
    def __init__(
        self, head_dim, scale_base=512
    ):
        super().__init__()
        self.head_dim = head_dim
        self.scale_base = scale_base
        self.register_buffer(
            "scale", (torch.arange(0, head_dim, 2) + 0.4 * head_dim) / (1.4 * head_dim)
        )

    def forward(self, x, offset=0, downscale=False):
        length = x.shape[1]
        min_pos = 0
        max_pos = length + offset + min_pos
        scale = self.scale ** torch.arange(min_pos, max_pos, 1).to(self.scale).div(self.scale_base)[:, None]
        sin, cos = fixed_pos_embedding(scale)

        if scale.shape[0] > length:
            scale = scale[-length:]
            sin = sin[-length:]
            cos = cos[-length:]
        
        if downscale:
            scale = 1 / scale

        x = apply_rotary_pos_emb(x, sin, cos, scale)
        return x
    
    def forward_reverse(self, x, offset=0, downscale=False):
        length = x.shape[1]
        min_pos = -(length + offset) // 2
        max_pos = length + offset + min_pos
        scale = self.scale ** torch.arange(min_pos, max_pos, 1).to(self.scale).div(self.scale_base)[:, None]
        sin, cos = fixed_pos_embedding(scale)

        if scale.shape[0] > length:
            scale = scale[-length:]
            sin = sin[-length:]
            cos = cos[-length:]
        
        if downscale:
            scale = 1 / scale

        x = apply_rotary_pos_emb(x, -sin, cos, scale)
        return x
    

# ---- src/retention.py ------------------------------------------------------------------------------
class SimpleRetention(nn.Module):
    def __init__(self, hidden_size, gamma, head_size=None, double_v_dim=False):
        """
        Simple retention mechanism based on the paper
        "Retentive Network: A Successor to Transformer for Large Language Models"[https://arxiv.org/pdf/2307.08621.pdf]
        """
        super(SimpleRetention, self).__init__()

        self.hidden_size = hidden_size
        if head_size is None:
            head_size = hidden_size
        self.head_size = head_size

        self.v_dim = head_size * 2 if double_v_dim else head_size
        self.gamma = gamma

        self.W_Q = nn.Parameter(torch.randn(hidden_size, head_size) / hidden_size)
        self.W_K = nn.Parameter(torch.randn(hidden_size, head_size) / hidden_size)
        self.W_V = nn.Parameter(torch.randn(hidden_size, self.v_dim) / hidden_size)
        
        self.xpos = XPOS(head_size)

    def forward(self, X):
        """
        Parallel (default) representation of the retention mechanism.
        X: (batch_size, sequence_length, hidden_size)
        """
        sequence_length = X.shape[1]
        D = self._get_D(sequence_length).to(self.W_Q.device)

        Q = (X @ self.W_Q)
        K = (X @ self.W_K)

        Q = self.xpos(Q)
        K = self.xpos(K, downscale=True)

        V = X @ self.W_V
        ret = (Q @ K.permute(0, 2, 1)) * D.unsqueeze(0)
        
        return ret @ V
        
    def forward_recurrent(self, x_n, s_n_1, n):
        """
        Recurrent representation of the retention mechanism.
        x_n: (batch_size, 1, hidden_size)
        s_n_1: (batch_size, hidden_size, v_dim)
        """

        Q = (x_n @ self.W_Q)
        K = (x_n @ self.W_K)

        Q = self.xpos(Q, n+1)
        K = self.xpos(K, n+1, downscale=True)

        V = x_n @ self.W_V

        # K: (batch_size, 1, hidden_size)
        # V: (batch_size, 1, v_dim)
        # s_n = gamma * s_n_1 + K^T @ V

        s_n = self.gamma * s_n_1 + (K.transpose(-1, -2) @ V)
        
        return (Q @ s_n), s_n
    
    def forward_chunkwise(self, x_i, r_i_1, i):
        """
        Chunkwise representation of the retention mechanism.
        x_i: (batch_size, chunk_size, hidden_size)
        r_i_1: (batch_size, hidden_size, v_dim)
        """
        batch, chunk_size, _ = x_i.shape
        D = self._get_D(chunk_size)

        Q = (x_i @ self.W_Q)
        K = (x_i @ self.W_K)

        Q = self.xpos(Q, i * chunk_size)
        K = self.xpos(K, i * chunk_size, downscale=True)

        V = x_i @ self.W_V
        
        r_i =(K.transpose(-1, -2) @ (V * D[-1].view(1, chunk_size, 1))) + (self.gamma ** chunk_size) * r_i_1

        inner_chunk = ((Q @ K.transpose(-1, -2)) * D.unsqueeze(0)) @ V
        
        #e[i,j] = gamma ** (i+1)
        e = torch.zeros(batch, chunk_size, 1)
        
        for _i in range(chunk_size):
            e[:, _i, :] = self.gamma ** (_i + 1)
        
        cross_chunk = (Q @ r_i_1) * e
        
        return inner_chunk + cross_chunk, r_i

    def _get_D(self, sequence_length):
        n = torch.arange(sequence_length).unsqueeze(1)
        m = torch.arange(sequence_length).unsqueeze(0)

        # Broadcast self.gamma ** (n - m) with appropriate masking to set values where n < m to 0
        D = (self.gamma ** (n - m)) * (n >= m).float()  #this results in some NaN when n is much larger than m
        # fill the NaN with 0
        D[D != D] = 0

        return D
    


class MultiScaleRetention(nn.Module):
    def __init__(self, hidden_size, heads, double_v_dim=False):
        """
        Multi-scale retention mechanism based on the paper
        "Retentive Network: A Successor to Transformer for Large Language Models"[https://arxiv.org/pdf/2307.08621.pdf]
        """
        super(MultiScaleRetention, self).__init__()
        self.hidden_size = hidden_size
        self.v_dim = hidden_size * 2 if double_v_dim else hidden_size
        self.heads = heads
        assert hidden_size % heads == 0, "hidden_size must be divisible by heads"
        self.head_size = hidden_size // heads
        self.head_v_dim = hidden_size * 2 if double_v_dim else hidden_size
        
        self.gammas = (1 - torch.exp(torch.linspace(math.log(1/32), math.log(1/512), heads))).detach().cpu().tolist()

        self.swish = lambda x: x * torch.sigmoid(x)
        self.W_G = nn.Parameter(torch.randn(hidden_size, self.v_dim) / hidden_size)
        self.W_O = nn.Parameter(torch.randn(self.v_dim, hidden_size) / hidden_size)
        self.group_norm = nn.GroupNorm(heads, self.v_dim)

        self.retentions = nn.ModuleList([
            SimpleRetention(self.hidden_size, gamma, self.head_size, double_v_dim) for gamma in self.gammas
        ])

    def forward(self, X):
        """
        parallel representation of the multi-scale retention mechanism
        """

        # apply each individual retention mechanism to X
        Y = []
        for i in range(self.heads):
            Y.append(self.retentions[i](X))
        
        Y = torch.cat(Y, dim=2)
        Y_shape = Y.shape
        Y = self.group_norm(Y.reshape(-1, self.v_dim)).reshape(Y_shape)

        return (self.swish(X @ self.W_G) * Y) @ self.W_O
    
    def forward_recurrent(self, x_n, s_n_1s, n):
        """
        recurrent representation of the multi-scale retention mechanism
        x_n: (batch_size, 1, hidden_size)
        s_n_1s: (batch_size, heads, head_size, head_size)

        """
    
        # apply each individual retention mechanism to a slice of X
        Y = []
        s_ns = []
        for i in range(self.heads):
            y, s_n = self.retentions[i].forward_recurrent(
                x_n[:, :, :], s_n_1s[i], n
                )
            Y.append(y)
            s_ns.append(s_n)
        
        Y = torch.cat(Y, dim=2)
        Y_shape = Y.shape
        Y = self.group_norm(Y.reshape(-1, self.v_dim)).reshape(Y_shape)
        
        return (self.swish(x_n @ self.W_G) * Y) @ self.W_O, s_ns

    def forward_chunkwise(self, x_i, r_i_1s, i):
        """
        chunkwise representation of the multi-scale retention mechanism
        x_i: (batch_size, chunk_size, hidden_size)
        r_i_1s: (batch_size, heads, head_size, head_size)
        """
        batch, chunk_size, _ = x_i.shape

        # apply each individual retention mechanism to a slice of X
        Y = []
        r_is = []
        for j in range(self.heads):
            y, r_i = self.retentions[j].forward_chunkwise(
                x_i[:, :, :], r_i_1s[j], i
                )
            Y.append(y)
            r_is.append(r_i)
        
        
        Y = torch.cat(Y, dim=2)
        Y_shape = Y.shape
        Y = self.group_norm(Y.reshape(-1, self.v_dim)).reshape(Y_shape)

        return (self.swish(x_i @ self.W_G) * Y) @ self.W_O, r_is


# ---- src/retnet.py ---------------------------------------------------------------------------------
class RetNet(nn.Module):
    def __init__(self, layers, hidden_dim, ffn_size, heads, double_v_dim=False):
        super(RetNet, self).__init__()
        self.layers = layers
        self.hidden_dim = hidden_dim
        self.ffn_size = ffn_size
        self.heads = heads
        self.v_dim = hidden_dim * 2 if double_v_dim else hidden_dim

        self.retentions = nn.ModuleList([
            MultiScaleRetention(hidden_dim, heads, double_v_dim)
            for _ in range(layers)
        ])
        self.ffns = nn.ModuleList([
            nn.Sequential(
                nn.Linear(hidden_dim, ffn_size),
                nn.GELU(),
                nn.Linear(ffn_size, hidden_dim)
            )
            for _ in range(layers)
        ])
        self.layer_norms_1 = nn.ModuleList([
            nn.LayerNorm(hidden_dim)
            for _ in range(layers)
        ])
        self.layer_norms_2 = nn.ModuleList([
            nn.LayerNorm(hidden_dim)
            for _ in range(layers)
        ])
    
    def forward(self, X):
        """
        X: (batch_size, sequence_length, hidden_size)
        """
        for i in range(self.layers):
            Y = self.retentions[i](self.layer_norms_1[i](X)) + X
           
            X = self.ffns[i](self.layer_norms_2[i](Y)) + Y

        return X

    def forward_recurrent(self, x_n, s_n_1s, n):
        """
        X: (batch_size, sequence_length, hidden_size)
        s_n_1s: list of lists of tensors of shape (batch_size, hidden_size // heads, hidden_size // heads)

        """
        s_ns = []
        for i in range(self.layers):
            # list index out of range
            o_n, s_n = self.retentions[i].forward_recurrent(self.layer_norms_1[i](x_n), s_n_1s[i], n)
            y_n = o_n + x_n
            s_ns.append(s_n)
            x_n = self.ffns[i](self.layer_norms_2[i](y_n)) + y_n
        
        return x_n, s_ns
    
    def forward_chunkwise(self, x_i, r_i_1s, i):
        """
        X: (batch_size, sequence_length, hidden_size)
        r_i_1s: list of lists of tensors of shape (batch_size, hidden_size // heads, hidden_size // heads)

        """
        r_is = []
        for j in range(self.layers):
            o_i, r_i = self.retentions[j].forward_chunkwise(self.layer_norms_1[j](x_i), r_i_1s[j], i)
            y_i = o_i + x_i
            r_is.append(r_i)
            x_i = self.ffns[j](self.layer_norms_2[j](y_i)) + y_i
        
        return x_i, r_is


# ---- the checks of src/tests.py, seeded ----------------------------------------------------------
def three_forms_simple(batch_size=4, sequence_length=12, hidden_size=6, chunk_size=4, gamma=0.9):
    X = torch.rand(batch_size, sequence_length, hidden_size)
    sr = SimpleRetention(hidden_size, gamma, double_v_dim=True)
    Y_parallel = sr(X)
    s_n_1 = torch.zeros(hidden_size, sr.v_dim).unsqueeze(0).repeat(batch_size, 1, 1)
    Y_recurrent = []
    for i in range(sequence_length):
        y_n, s_n = sr.forward_recurrent(X[:, i:i+1, :], s_n_1, i)
        Y_recurrent.append(y_n)
        s_n_1 = s_n
    Y_recurrent = torch.concat(Y_recurrent, dim=1)
    r_n_1 = torch.zeros(hidden_size, sr.v_dim).unsqueeze(0).repeat(batch_size, 1, 1)
    Y_chunkwise = []
    for i in range(sequence_length // chunk_size):
        y_i, r_i = sr.forward_chunkwise(X[:, i*chunk_size:(i+1)*chunk_size, :], r_n_1, i)
        Y_chunkwise.append(y_i)
        r_n_1 = r_i
    Y_chunkwise = torch.concat(Y_chunkwise, dim=1)
    print("SimpleRetention", tuple(Y_parallel.shape), torch.allclose(Y_parallel, Y_recurrent, atol=1e-5),
          torch.allclose(Y_parallel, Y_chunkwise, atol=1e-5), f"{Y_parallel.sum().item():.4f}")


def three_forms_multiscale(batch_size=2, hidden_size=6, sequence_length=12, heads=3, chunk_size=2):
    X = torch.rand(batch_size, sequence_length, hidden_size)
    retention = MultiScaleRetention(hidden_size, heads, double_v_dim=False)
    print("Default v_dim:", sum(p.numel() for p in retention.parameters() if p.requires_grad))
    retention = MultiScaleRetention(hidden_size, heads, double_v_dim=True)
    print("Double v_dim:", sum(p.numel() for p in retention.parameters() if p.requires_grad))
    Y_parallel = retention(X)
    s_n_1s = [torch.zeros(hidden_size // heads, retention.v_dim // heads).unsqueeze(0).repeat(batch_size, 1, 1)
              for _ in range(heads)]
    Y_recurrent = []
    for i in range(sequence_length):
        y_n, s_ns = retention.forward_recurrent(X[:, i:i+1, :], s_n_1s, i)
        Y_recurrent.append(y_n)
        s_n_1s = s_ns
    Y_recurrent = torch.concat(Y_recurrent, dim=1)
    r_n_1s = [torch.zeros(hidden_size // heads, retention.v_dim // heads).unsqueeze(0).repeat(batch_size, 1, 1)
              for _ in range(heads)]
    Y_chunkwise = []
    for i in range(sequence_length // chunk_size):
        y_i, r_i = retention.forward_chunkwise(X[:, i*chunk_size:(i+1)*chunk_size, :], r_n_1s, i)
        Y_chunkwise.append(y_i)
        r_n_1s = r_i
    Y_chunkwise = torch.concat(Y_chunkwise, dim=1)
    print("MultiScaleRetention", tuple(Y_parallel.shape), torch.allclose(Y_parallel, Y_recurrent, atol=1e-5),
          torch.allclose(Y_parallel, Y_chunkwise, atol=1e-5), f"{Y_parallel.sum().item():.4f}")


def three_forms_retnet(batch_size=2, hidden_size=36, sequence_length=5, heads=3, layers=4, ffn_size=128):
    X = torch.rand(batch_size, sequence_length, hidden_size)
    retnet = RetNet(layers, hidden_size, ffn_size, heads, double_v_dim=False)
    print("Default v_dim:", sum(p.numel() for p in retnet.parameters() if p.requires_grad))
    retnet = RetNet(layers, hidden_size, ffn_size, heads, double_v_dim=True)
    print("Double v_dim:", sum(p.numel() for p in retnet.parameters() if p.requires_grad))
    Y_parallel = retnet(X)
    s_n_1s = [[torch.zeros(hidden_size // heads, retnet.v_dim // heads).unsqueeze(0).repeat(batch_size, 1, 1)
               for _ in range(heads)] for _ in range(layers)]
    Y_recurrent = []
    for i in range(sequence_length):
        y_n, s_ns = retnet.forward_recurrent(X[:, i:i+1, :], s_n_1s, i)
        Y_recurrent.append(y_n)
        s_n_1s = s_ns
    Y_recurrent = torch.concat(Y_recurrent, dim=1)
    r_n_1s = [[torch.zeros(hidden_size // heads, retnet.v_dim // heads).unsqueeze(0).repeat(batch_size, 1, 1)
               for _ in range(heads)] for _ in range(layers)]
    Y_chunkwise = []
    for i in range(sequence_length):
        y_i, r_i = retnet.forward_chunkwise(X[:, i:i+1, :], r_n_1s, i)
        Y_chunkwise.append(y_i)
        r_n_1s = r_i
    Y_chunkwise = torch.concat(Y_chunkwise, dim=1)
    print("RetNet", tuple(Y_parallel.shape), torch.allclose(Y_parallel, Y_recurrent, atol=1e-5),
          torch.allclose(Y_parallel, Y_chunkwise, atol=1e-5), f"{Y_parallel.sum().item():.4f}")


torch.manual_seed(0)
three_forms_simple()
three_forms_multiscale()
three_forms_retnet()

# ---- a few training steps: predict the next frame of a smooth sequence ---------------------------
torch.manual_seed(1)
model = RetNet(2, 16, 32, 4, double_v_dim=True)
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
t = torch.linspace(0, 6.28, 13)
seq = torch.stack([torch.sin(t * (k + 1) / 4) for k in range(16)], dim=-1).unsqueeze(0).repeat(3, 1, 1)
seq = seq + 0.05 * torch.randn_like(seq)
for step in range(5):
    pred = model(seq[:, :-1])
    loss = nn.functional.mse_loss(pred, seq[:, 1:])
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    print(f"step {step} loss {loss.item():.4f}")

# ---- torch.compile: the parallel form, values and input gradients --------------------------------
model.eval()
x = seq[:, :8].clone().requires_grad_()
ref = model(x)
(g_ref,) = torch.autograd.grad(ref.pow(2).sum(), x)
compiled = torch.compile(model)
out = compiled(x)
(g_out,) = torch.autograd.grad(out.pow(2).sum(), x)
print("compiled", tuple(out.shape), torch.allclose(ref, out, atol=1e-5), torch.allclose(g_ref, g_out, atol=1e-4))
