# Real-program corpus (tests/realworld, see README.md): long-sequence time-series forecasting as the
# ETT benchmark code does it. An Informer encoder-decoder: DataEmbedding (a circular-padded Conv1d
# token embedding with kaiming_normal_, a sinusoidal positional buffer, a Linear time-feature
# embedding), ProbSparse self-attention (sampled keys from torch.randint, the top-u queries by the
# max-minus-mean measure, a cumsum or mean initial context updated through advanced-index
# assignment, ProbMask from an expanded triu mask), distilling ConvLayers (circular Conv1d,
# BatchNorm1d, ELU, MaxPool1d), a decoder with masked self-attention and full cross-attention and a
# Linear projection (zhouhaoyi/Informer2020 models/*.py, utils/masking.py, exp/exp_informer.py
# _process_one_batch, utils/tools.py EarlyStopping / adjust_learning_rate @ 29f2a739); then DLinear
# (series_decomp: a replicate-padded AvgPool1d moving average, seasonal and trend Linear heads) and
# NLinear from cure-lab/LTSF-Linear models/ @ 0c113668. A sliding-window Dataset over a StandardScaler'd
# series, DataLoader with drop_last, Adam, MSELoss, validation with np.average, EarlyStopping keeping
# the best state_dict in memory (np.inf start), MAE/MSE metrics. Written for Kiln, not copied; a
# generated 7-channel series instead of ETTh1.csv, tiny model sizes, two epochs, no timing prints.
import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class StandardScaler:
    def fit(self, data):
        self.mean = data.mean(0)
        self.std = data.std(0)

    def transform(self, data):
        return (data - self.mean) / self.std


class SeriesDataset(Dataset):
    def __init__(self, data, stamp, flag, size):
        self.seq_len, self.label_len, self.pred_len = size
        border1s = [0, 96 - self.seq_len, 128 - self.seq_len]
        border2s = [96, 128, 160]
        b1, b2 = border1s[{'train': 0, 'val': 1, 'test': 2}[flag]], border2s[{'train': 0, 'val': 1, 'test': 2}[flag]]
        self.data_x = data[b1:b2]
        self.data_y = data[b1:b2]
        self.data_stamp = stamp[b1:b2]

    def __getitem__(self, index):
        s_begin = index
        s_end = s_begin + self.seq_len
        r_begin = s_end - self.label_len
        r_end = r_begin + self.label_len + self.pred_len
        return (self.data_x[s_begin:s_end], self.data_y[r_begin:r_end],
                self.data_stamp[s_begin:s_end], self.data_stamp[r_begin:r_end])

    def __len__(self):
        return len(self.data_x) - self.seq_len - self.pred_len + 1


class TriangularCausalMask():
    def __init__(self, B, L, device="cpu"):
        with torch.no_grad():
            self._mask = torch.triu(torch.ones([B, 1, L, L], dtype=torch.bool), diagonal=1).to(device)

    @property
    def mask(self):
        return self._mask


class ProbMask():
    def __init__(self, B, H, L, index, scores, device="cpu"):
        _mask = torch.ones(L, scores.shape[-1], dtype=torch.bool).to(device).triu(1)
        _mask_ex = _mask[None, None, :].expand(B, H, L, scores.shape[-1])
        indicator = _mask_ex[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], index, :].to(device)
        self._mask = indicator.view(scores.shape).to(device)

    @property
    def mask(self):
        return self._mask


class FullAttention(nn.Module):
    def __init__(self, mask_flag=True, factor=5, scale=None, attention_dropout=0.1):
        super(FullAttention, self).__init__()
        self.scale, self.mask_flag = scale, mask_flag
        self.dropout = nn.Dropout(attention_dropout)

    def forward(self, queries, keys, values, attn_mask):
        B, L, H, E = queries.shape
        scale = self.scale or 1. / math.sqrt(E)
        scores = torch.einsum("blhe,bshe->bhls", queries, keys)
        if self.mask_flag:
            if attn_mask is None:
                attn_mask = TriangularCausalMask(B, L, device=queries.device)
            scores.masked_fill_(attn_mask.mask, -np.inf)
        A = self.dropout(torch.softmax(scale * scores, dim=-1))
        return torch.einsum("bhls,bshd->blhd", A, values).contiguous()


class ProbAttention(nn.Module):
    def __init__(self, mask_flag=True, factor=5, scale=None, attention_dropout=0.1):
        super(ProbAttention, self).__init__()
        self.factor, self.scale, self.mask_flag = factor, scale, mask_flag

    def _prob_QK(self, Q, K, sample_k, n_top):
        B, H, L_K, E = K.shape
        _, _, L_Q, _ = Q.shape
        K_expand = K.unsqueeze(-3).expand(B, H, L_Q, L_K, E)
        index_sample = torch.randint(L_K, (L_Q, sample_k))
        K_sample = K_expand[:, :, torch.arange(L_Q).unsqueeze(1), index_sample, :]
        Q_K_sample = torch.matmul(Q.unsqueeze(-2), K_sample.transpose(-2, -1)).squeeze(-2)
        M = Q_K_sample.max(-1)[0] - torch.div(Q_K_sample.sum(-1), L_K)
        M_top = M.topk(n_top, sorted=False)[1]
        Q_reduce = Q[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], M_top, :]
        return torch.matmul(Q_reduce, K.transpose(-2, -1)), M_top

    def _get_initial_context(self, V, L_Q):
        B, H, L_V, D = V.shape
        if not self.mask_flag:
            V_sum = V.mean(dim=-2)
            return V_sum.unsqueeze(-2).expand(B, H, L_Q, V_sum.shape[-1]).clone()
        assert L_Q == L_V
        return V.cumsum(dim=-2)

    def _update_context(self, context_in, V, scores, index, L_Q, attn_mask):
        B, H, L_V, D = V.shape
        if self.mask_flag:
            attn_mask = ProbMask(B, H, L_Q, index, scores, device=V.device)
            scores.masked_fill_(attn_mask.mask, -np.inf)
        attn = torch.softmax(scores, dim=-1)
        context_in[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], index, :] = \
            torch.matmul(attn, V).type_as(context_in)
        return context_in

    def forward(self, queries, keys, values, attn_mask):
        B, L_Q, H, D = queries.shape
        _, L_K, _, _ = keys.shape
        queries, keys, values = queries.transpose(2, 1), keys.transpose(2, 1), values.transpose(2, 1)
        U_part = self.factor * np.ceil(np.log(L_K)).astype('int').item()
        u = self.factor * np.ceil(np.log(L_Q)).astype('int').item()
        U_part = U_part if U_part < L_K else L_K
        u = u if u < L_Q else L_Q
        scores_top, index = self._prob_QK(queries, keys, sample_k=U_part, n_top=u)
        scores_top = scores_top * (self.scale or 1. / math.sqrt(D))
        context = self._get_initial_context(values, L_Q)
        context = self._update_context(context, values, scores_top, index, L_Q, attn_mask)
        return context.transpose(2, 1).contiguous()


class AttentionLayer(nn.Module):
    def __init__(self, attention, d_model, n_heads, mix=False):
        super(AttentionLayer, self).__init__()
        d_keys = d_values = d_model // n_heads
        self.inner_attention = attention
        self.query_projection = nn.Linear(d_model, d_keys * n_heads)
        self.key_projection = nn.Linear(d_model, d_keys * n_heads)
        self.value_projection = nn.Linear(d_model, d_values * n_heads)
        self.out_projection = nn.Linear(d_values * n_heads, d_model)
        self.n_heads, self.mix = n_heads, mix

    def forward(self, queries, keys, values, attn_mask):
        B, L, _ = queries.shape
        _, S, _ = keys.shape
        H = self.n_heads
        queries = self.query_projection(queries).view(B, L, H, -1)
        keys = self.key_projection(keys).view(B, S, H, -1)
        values = self.value_projection(values).view(B, S, H, -1)
        out = self.inner_attention(queries, keys, values, attn_mask)
        if self.mix:
            out = out.transpose(2, 1).contiguous()
        return self.out_projection(out.view(B, L, -1))


class TokenEmbedding(nn.Module):
    def __init__(self, c_in, d_model):
        super(TokenEmbedding, self).__init__()
        padding = 1 if torch.__version__ >= '1.5.0' else 2
        self.tokenConv = nn.Conv1d(in_channels=c_in, out_channels=d_model, kernel_size=3, padding=padding,
                                   padding_mode='circular')
        for m in self.modules():
            if isinstance(m, nn.Conv1d):
                nn.init.kaiming_normal_(m.weight, mode='fan_in', nonlinearity='leaky_relu')

    def forward(self, x):
        return self.tokenConv(x.permute(0, 2, 1)).transpose(1, 2)


class PositionalEmbedding(nn.Module):
    def __init__(self, d_model, max_len=5000):
        super(PositionalEmbedding, self).__init__()
        pe = torch.zeros(max_len, d_model).float()
        pe.require_grad = False
        position = torch.arange(0, max_len).float().unsqueeze(1)
        div_term = (torch.arange(0, d_model, 2).float() * -(math.log(10000.0) / d_model)).exp()
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.register_buffer('pe', pe.unsqueeze(0))

    def forward(self, x):
        return self.pe[:, :x.size(1)]


class DataEmbedding(nn.Module):
    def __init__(self, c_in, d_model, d_inp=4, dropout=0.1):
        super(DataEmbedding, self).__init__()
        self.value_embedding = TokenEmbedding(c_in=c_in, d_model=d_model)
        self.position_embedding = PositionalEmbedding(d_model=d_model)
        self.temporal_embedding = nn.Linear(d_inp, d_model)
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, x, x_mark):
        x = self.value_embedding(x) + self.position_embedding(x) + self.temporal_embedding(x_mark)
        return self.dropout(x)


class ConvLayer(nn.Module):
    def __init__(self, c_in):
        super(ConvLayer, self).__init__()
        self.downConv = nn.Conv1d(in_channels=c_in, out_channels=c_in, kernel_size=3, padding=1,
                                  padding_mode='circular')
        self.norm = nn.BatchNorm1d(c_in)
        self.activation = nn.ELU()
        self.maxPool = nn.MaxPool1d(kernel_size=3, stride=2, padding=1)

    def forward(self, x):
        x = self.downConv(x.permute(0, 2, 1))
        x = self.maxPool(self.activation(self.norm(x)))
        return x.transpose(1, 2)


class EncoderLayer(nn.Module):
    def __init__(self, attention, d_model, d_ff, dropout=0.1):
        super(EncoderLayer, self).__init__()
        self.attention = attention
        self.conv1 = nn.Conv1d(in_channels=d_model, out_channels=d_ff, kernel_size=1)
        self.conv2 = nn.Conv1d(in_channels=d_ff, out_channels=d_model, kernel_size=1)
        self.norm1, self.norm2 = nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, attn_mask=None):
        x = x + self.dropout(self.attention(x, x, x, attn_mask=attn_mask))
        y = x = self.norm1(x)
        y = self.dropout(F.gelu(self.conv1(y.transpose(-1, 1))))
        y = self.dropout(self.conv2(y).transpose(-1, 1))
        return self.norm2(x + y)


class DecoderLayer(nn.Module):
    def __init__(self, self_attention, cross_attention, d_model, d_ff, dropout=0.1):
        super(DecoderLayer, self).__init__()
        self.self_attention, self.cross_attention = self_attention, cross_attention
        self.conv1 = nn.Conv1d(in_channels=d_model, out_channels=d_ff, kernel_size=1)
        self.conv2 = nn.Conv1d(in_channels=d_ff, out_channels=d_model, kernel_size=1)
        self.norm1, self.norm2, self.norm3 = nn.LayerNorm(d_model), nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, cross, x_mask=None, cross_mask=None):
        x = self.norm1(x + self.dropout(self.self_attention(x, x, x, attn_mask=x_mask)))
        x = self.norm2(x + self.dropout(self.cross_attention(x, cross, cross, attn_mask=cross_mask)))
        y = self.dropout(F.gelu(self.conv1(x.transpose(-1, 1))))
        y = self.dropout(self.conv2(y).transpose(-1, 1))
        return self.norm3(x + y)


class Informer(nn.Module):
    def __init__(self, enc_in, dec_in, c_out, out_len, factor=5, d_model=512, n_heads=8, e_layers=3, d_ff=512,
                 dropout=0.0):
        super(Informer, self).__init__()
        self.pred_len = out_len
        self.enc_embedding = DataEmbedding(enc_in, d_model, dropout=dropout)
        self.dec_embedding = DataEmbedding(dec_in, d_model, dropout=dropout)
        self.attn_layers = nn.ModuleList([EncoderLayer(
            AttentionLayer(ProbAttention(False, factor, attention_dropout=dropout), d_model, n_heads),
            d_model, d_ff, dropout=dropout) for _ in range(e_layers)])
        self.conv_layers = nn.ModuleList([ConvLayer(d_model) for _ in range(e_layers - 1)])
        self.enc_norm = nn.LayerNorm(d_model)
        self.decoder = DecoderLayer(
            AttentionLayer(ProbAttention(True, factor, attention_dropout=dropout), d_model, n_heads, mix=True),
            AttentionLayer(FullAttention(False, factor, attention_dropout=dropout), d_model, n_heads),
            d_model, d_ff, dropout=dropout)
        self.dec_norm = nn.LayerNorm(d_model)
        self.projection = nn.Linear(d_model, c_out, bias=True)

    def forward(self, x_enc, x_mark_enc, x_dec, x_mark_dec):
        x = self.enc_embedding(x_enc, x_mark_enc)
        for attn_layer, conv_layer in zip(self.attn_layers, self.conv_layers):
            x = conv_layer(attn_layer(x))
        enc_out = self.enc_norm(self.attn_layers[-1](x))
        dec_out = self.dec_norm(self.decoder(self.dec_embedding(x_dec, x_mark_dec), enc_out))
        return self.projection(dec_out)[:, -self.pred_len:, :]


class moving_avg(nn.Module):
    def __init__(self, kernel_size, stride):
        super(moving_avg, self).__init__()
        self.kernel_size = kernel_size
        self.avg = nn.AvgPool1d(kernel_size=kernel_size, stride=stride, padding=0)

    def forward(self, x):
        front = x[:, 0:1, :].repeat(1, (self.kernel_size - 1) // 2, 1)
        end = x[:, -1:, :].repeat(1, (self.kernel_size - 1) // 2, 1)
        x = torch.cat([front, x, end], dim=1)
        return self.avg(x.permute(0, 2, 1)).permute(0, 2, 1)


class series_decomp(nn.Module):
    def __init__(self, kernel_size):
        super(series_decomp, self).__init__()
        self.moving_avg = moving_avg(kernel_size, stride=1)

    def forward(self, x):
        moving_mean = self.moving_avg(x)
        return x - moving_mean, moving_mean


class DLinear(nn.Module):
    def __init__(self, seq_len, pred_len, moving_avg_size):
        super(DLinear, self).__init__()
        self.decompsition = series_decomp(moving_avg_size)
        self.Linear_Seasonal = nn.Linear(seq_len, pred_len)
        self.Linear_Trend = nn.Linear(seq_len, pred_len)

    def forward(self, x, *unused):
        seasonal_init, trend_init = self.decompsition(x)
        seasonal_init, trend_init = seasonal_init.permute(0, 2, 1), trend_init.permute(0, 2, 1)
        x = self.Linear_Seasonal(seasonal_init) + self.Linear_Trend(trend_init)
        return x.permute(0, 2, 1)


class NLinear(nn.Module):
    def __init__(self, seq_len, pred_len):
        super(NLinear, self).__init__()
        self.Linear = nn.Linear(seq_len, pred_len)

    def forward(self, x, *unused):
        seq_last = x[:, -1:, :].detach()
        x = x - seq_last
        x = self.Linear(x.permute(0, 2, 1)).permute(0, 2, 1)
        return x + seq_last


class EarlyStopping:
    def __init__(self, patience=7, verbose=False, delta=0):
        self.patience, self.verbose, self.delta = patience, verbose, delta
        self.counter, self.best_score, self.early_stop = 0, None, False
        self.val_loss_min = np.inf

    def __call__(self, val_loss, model):
        score = -val_loss
        if self.best_score is None:
            self.best_score = score
            self.save_checkpoint(val_loss, model)
        elif score < self.best_score + self.delta:
            self.counter += 1
            print(f'EarlyStopping counter: {self.counter} out of {self.patience}')
            if self.counter >= self.patience:
                self.early_stop = True
        else:
            self.best_score = score
            self.save_checkpoint(val_loss, model)
            self.counter = 0

    def save_checkpoint(self, val_loss, model):
        if self.verbose:
            print(f'Validation loss decreased ({self.val_loss_min:.6f} --> {val_loss:.6f}).  Saving model ...')
        self.best_state = {k: v.clone() for k, v in model.state_dict().items()}
        self.val_loss_min = val_loss


def adjust_learning_rate(optimizer, epoch, args):
    lr_adjust = {epoch: args.learning_rate * (0.5 ** ((epoch - 1) // 1))}
    if epoch in lr_adjust.keys():
        lr = lr_adjust[epoch]
        for param_group in optimizer.param_groups:
            param_group['lr'] = lr
        print('Updating learning rate to {}'.format(lr))


def process_one_batch(model, args, batch_x, batch_y, batch_x_mark, batch_y_mark):
    batch_x, batch_y = batch_x.float(), batch_y.float()
    batch_x_mark, batch_y_mark = batch_x_mark.float(), batch_y_mark.float()
    dec_inp = torch.zeros([batch_y.shape[0], args.pred_len, batch_y.shape[-1]]).float()
    dec_inp = torch.cat([batch_y[:, :args.label_len, :], dec_inp], dim=1).float()
    outputs = model(batch_x, batch_x_mark, dec_inp, batch_y_mark)
    return outputs, batch_y[:, -args.pred_len:, 0:]


def vali(model, args, loader, criterion):
    model.eval()
    total_loss = []
    with torch.no_grad():
        for batch_x, batch_y, batch_x_mark, batch_y_mark in loader:
            pred, true = process_one_batch(model, args, batch_x, batch_y, batch_x_mark, batch_y_mark)
            total_loss.append(criterion(pred.detach().cpu(), true.detach().cpu()))
    model.train()
    return np.average(total_loss)


def experiment(name, model, args, loaders):
    train_loader, vali_loader, test_loader = loaders
    print('>>>>>>>start training : {}>>>>>>>>>>>>>>>>>>>>>>>>>>'.format(name))
    early_stopping = EarlyStopping(patience=args.patience, verbose=True)
    model_optim = torch.optim.Adam(model.parameters(), lr=args.learning_rate)
    criterion = nn.MSELoss()
    for epoch in range(args.train_epochs):
        train_loss = []
        model.train()
        for i, (batch_x, batch_y, batch_x_mark, batch_y_mark) in enumerate(train_loader):
            model_optim.zero_grad()
            pred, true = process_one_batch(model, args, batch_x, batch_y, batch_x_mark, batch_y_mark)
            loss = criterion(pred, true)
            train_loss.append(loss.item())
            loss.backward()
            model_optim.step()
        train_loss = np.average(train_loss)
        vali_loss = vali(model, args, vali_loader, criterion)
        test_loss = vali(model, args, test_loader, criterion)
        print("Epoch: {0}, Steps: {1} | Train Loss: {2:.4f} Vali Loss: {3:.4f} Test Loss: {4:.4f}".format(
            epoch + 1, len(train_loader), train_loss, vali_loss, test_loss))
        early_stopping(vali_loss, model)
        if early_stopping.early_stop:
            print("Early stopping")
            break
        adjust_learning_rate(model_optim, epoch + 1, args)
    model.load_state_dict(early_stopping.best_state)
    model.eval()
    preds, trues = [], []
    with torch.no_grad():
        for batch_x, batch_y, batch_x_mark, batch_y_mark in test_loader:
            pred, true = process_one_batch(model, args, batch_x, batch_y, batch_x_mark, batch_y_mark)
            preds.append(pred.numpy())
            trues.append(true.numpy())
    preds = np.array(preds)
    trues = np.array(trues)
    print('test shape:', preds.shape, trues.shape)
    preds = preds.reshape(-1, preds.shape[-2], preds.shape[-1])
    trues = trues.reshape(-1, trues.shape[-2], trues.shape[-1])
    mae = np.mean(np.abs(preds - trues))
    mse = np.mean((preds - trues) ** 2)
    print('mse:{:.4f}, mae:{:.4f}'.format(mse, mae))


parser = argparse.ArgumentParser(description='[Informer] Long Sequences Forecasting')
parser.add_argument('--seq_len', type=int, default=96)
parser.add_argument('--label_len', type=int, default=48)
parser.add_argument('--pred_len', type=int, default=24)
parser.add_argument('--d_model', type=int, default=512)
parser.add_argument('--n_heads', type=int, default=8)
parser.add_argument('--d_ff', type=int, default=2048)
parser.add_argument('--factor', type=int, default=5)
parser.add_argument('--train_epochs', type=int, default=6)
parser.add_argument('--batch_size', type=int, default=32)
parser.add_argument('--patience', type=int, default=3)
parser.add_argument('--learning_rate', type=float, default=0.0001)
args = parser.parse_args(['--seq_len', '24', '--label_len', '12', '--pred_len', '6', '--d_model', '16',
                          '--n_heads', '2', '--d_ff', '32', '--factor', '3', '--train_epochs', '2',
                          '--batch_size', '8', '--learning_rate', '0.001'])
print('Args in experiment:')
print(args)

torch.manual_seed(2021)
np.random.seed(2021)
rng = np.random.RandomState(0)
t = np.arange(160)[:, None]
raw = np.sin(t / 6.0 + np.arange(7)[None, :]) + 0.1 * rng.randn(160, 7)
scaler = StandardScaler()
scaler.fit(raw[:96])
data = scaler.transform(raw)
hours = np.arange(160)
stamp = np.stack([hours % 24 / 23.0 - 0.5, (hours // 24) % 7 / 6.0 - 0.5,
                  (hours // 24) % 28 / 30.0 - 0.5, (hours // 24) / 365.0 - 0.5], 1)
size = [args.seq_len, args.label_len, args.pred_len]
sets = [SeriesDataset(data, stamp, flag, size) for flag in ('train', 'val', 'test')]
for flag, s in zip(('train', 'val', 'test'), sets):
    print(flag, len(s))
loaders = (DataLoader(sets[0], batch_size=args.batch_size, shuffle=True, drop_last=True),
           DataLoader(sets[1], batch_size=args.batch_size, shuffle=True, drop_last=True),
           DataLoader(sets[2], batch_size=args.batch_size, shuffle=False, drop_last=True))

informer = Informer(7, 7, 7, args.pred_len, factor=args.factor, d_model=args.d_model, n_heads=args.n_heads,
                    e_layers=2, d_ff=args.d_ff, dropout=0.05).float()
print(sum(p.numel() for p in informer.parameters()), 'parameters')
experiment('informer_ETTh1_ftM_sl24_ll12_pl6', informer, args, loaders)
experiment('DLinear_ETTh1_sl24_pl6', DLinear(args.seq_len, args.pred_len, 5), args, loaders)
experiment('NLinear_ETTh1_sl24_pl6', NLinear(args.seq_len, args.pred_len), args, loaders)
