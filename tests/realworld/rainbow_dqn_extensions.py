# Real-program corpus (tests/realworld, see README.md): the DQN extensions of "Deep Reinforcement
# Learning Hands-On" (2nd ed.) chapter 8: NoisyLinear and NoisyFactorizedLinear (nn.Linear
# subclasses with sigma Parameters, register_buffer'd epsilons redrawn by .normal_() in forward,
# F.linear with the noisy weight, torch.sign * sqrt(abs) factorized noise), a NoisyDQN keeping its
# noisy layers in a plain list beside an nn.Sequential (sigma SNR), DuelingDQN (val + adv -
# adv.mean), DistributionalDQN with a `supports` buffer from torch.arange(Vmin, Vmax+DELTA_Z,
# DELTA_Z) and a viewed Softmax, the C51 distr_projection in NumPy (np.minimum/np.maximum,
# floor/ceil .astype(np.int64), boolean-mask-plus-int-array fancy indexing with +=, mask
# assignment into a copied mask `eq_dones[dones] = eq_mask`), a PrioReplayBuffer fed by a
# generator (priorities ** alpha, np.random.choice(p=...), importance weights), the
# cross-entropy distributional loss of 07_dqn_distrib.py, and RainbowDQN.
# Origin: PacktPublishing/Deep-Reinforcement-Learning-Hands-On-Second-Edition
# Chapter08/lib/dqn_extra.py @ 2c471fc3716edb14253f83308726f75b2d84b7bb (calc_loss after
# Chapter08/07_dqn_distrib.py). Written for Kiln, not copied. Changes: 4x36x36 random uint8
# frames instead of Atari 84x84 ones (ptan's experience source replaced by a generator of
# namedtuples), hidden sizes 512/256 -> 32/24, BETA_FRAMES 100000 -> 100, a few steps only;
# unpack_batch's `np.array(x, copy=False)` (ptan, NumPy 1) -> np.asarray(x): NumPy 2 raises
# "Unable to avoid copy" for a list.
import collections
import math

import numpy as np
import torch
from torch import nn as nn
from torch.nn import functional as F

BETA_START = 0.4
BETA_FRAMES = 100

Vmax = 10
Vmin = -10
N_ATOMS = 51
DELTA_Z = (Vmax - Vmin) / (N_ATOMS - 1)


class NoisyLinear(nn.Linear):
    def __init__(self, in_features, out_features, sigma_init=0.017, bias=True):
        super(NoisyLinear, self).__init__(in_features, out_features, bias=bias)
        w = torch.full((out_features, in_features), sigma_init)
        self.sigma_weight = nn.Parameter(w)
        z = torch.zeros(out_features, in_features)
        self.register_buffer("epsilon_weight", z)
        if bias:
            w = torch.full((out_features,), sigma_init)
            self.sigma_bias = nn.Parameter(w)
            z = torch.zeros(out_features)
            self.register_buffer("epsilon_bias", z)
        self.reset_parameters()

    def reset_parameters(self):
        std = math.sqrt(3 / self.in_features)
        self.weight.data.uniform_(-std, std)
        self.bias.data.uniform_(-std, std)

    def forward(self, input):
        self.epsilon_weight.normal_()
        bias = self.bias
        if bias is not None:
            self.epsilon_bias.normal_()
            bias = bias + self.sigma_bias * self.epsilon_bias.data
        v = self.sigma_weight * self.epsilon_weight.data + self.weight
        return F.linear(input, v, bias)


class NoisyFactorizedLinear(nn.Linear):
    def __init__(self, in_features, out_features, sigma_zero=0.4, bias=True):
        super(NoisyFactorizedLinear, self).__init__(in_features, out_features, bias=bias)
        sigma_init = sigma_zero / math.sqrt(in_features)
        w = torch.full((out_features, in_features), sigma_init)
        self.sigma_weight = nn.Parameter(w)
        z1 = torch.zeros(1, in_features)
        self.register_buffer("epsilon_input", z1)
        z2 = torch.zeros(out_features, 1)
        self.register_buffer("epsilon_output", z2)
        if bias:
            w = torch.full((out_features,), sigma_init)
            self.sigma_bias = nn.Parameter(w)

    def forward(self, input):
        self.epsilon_input.normal_()
        self.epsilon_output.normal_()
        func = lambda x: torch.sign(x) * torch.sqrt(torch.abs(x))
        eps_in = func(self.epsilon_input.data)
        eps_out = func(self.epsilon_output.data)
        bias = self.bias
        if bias is not None:
            bias = bias + self.sigma_bias * eps_out.t()
        noise_v = torch.mul(eps_in, eps_out)
        v = self.weight + self.sigma_weight * noise_v
        return F.linear(input, v, bias)


def conv_stack(in_channels):
    return nn.Sequential(
        nn.Conv2d(in_channels, 8, kernel_size=8, stride=4),
        nn.ReLU(),
        nn.Conv2d(8, 16, kernel_size=4, stride=2),
        nn.ReLU(),
        nn.Conv2d(16, 16, kernel_size=3, stride=1),
        nn.ReLU()
    )


class NoisyDQN(nn.Module):
    def __init__(self, input_shape, n_actions):
        super(NoisyDQN, self).__init__()
        self.conv = conv_stack(input_shape[0])
        conv_out_size = self._get_conv_out(input_shape)
        self.noisy_layers = [
            NoisyLinear(conv_out_size, 32),
            NoisyLinear(32, n_actions)
        ]
        self.fc = nn.Sequential(
            self.noisy_layers[0],
            nn.ReLU(),
            self.noisy_layers[1]
        )

    def _get_conv_out(self, shape):
        o = self.conv(torch.zeros(1, *shape))
        return int(np.prod(o.size()))

    def forward(self, x):
        fx = x.float() / 256
        conv_out = self.conv(fx).view(fx.size()[0], -1)
        return self.fc(conv_out)

    def noisy_layers_sigma_snr(self):
        return [
            ((layer.weight ** 2).mean().sqrt() / (layer.sigma_weight ** 2).mean().sqrt()).item()
            for layer in self.noisy_layers
        ]


class PrioReplayBuffer:
    def __init__(self, exp_source, buf_size, prob_alpha=0.6):
        self.exp_source_iter = iter(exp_source)
        self.prob_alpha = prob_alpha
        self.capacity = buf_size
        self.pos = 0
        self.buffer = []
        self.priorities = np.zeros((buf_size, ), dtype=np.float32)
        self.beta = BETA_START

    def update_beta(self, iteration):
        self.beta = min(1.0, BETA_START + iteration * (1.0 - BETA_START) / BETA_FRAMES)
        return self.beta

    def __len__(self):
        return len(self.buffer)

    def populate(self, count):
        max_prio = self.priorities.max() if self.buffer else 1.0
        for _ in range(count):
            sample = next(self.exp_source_iter)
            if len(self.buffer) < self.capacity:
                self.buffer.append(sample)
            else:
                self.buffer[self.pos] = sample
            self.priorities[self.pos] = max_prio
            self.pos = (self.pos + 1) % self.capacity

    def sample(self, batch_size):
        if len(self.buffer) == self.capacity:
            prios = self.priorities
        else:
            prios = self.priorities[:self.pos]
        probs = prios ** self.prob_alpha
        probs /= probs.sum()
        indices = np.random.choice(len(self.buffer), batch_size, p=probs)
        samples = [self.buffer[idx] for idx in indices]
        total = len(self.buffer)
        weights = (total * probs[indices]) ** (-self.beta)
        weights /= weights.max()
        return samples, indices, np.array(weights, dtype=np.float32)

    def update_priorities(self, batch_indices, batch_priorities):
        for idx, prio in zip(batch_indices, batch_priorities):
            self.priorities[idx] = prio


class DuelingDQN(nn.Module):
    def __init__(self, input_shape, n_actions):
        super(DuelingDQN, self).__init__()
        self.conv = conv_stack(input_shape[0])
        conv_out_size = self._get_conv_out(input_shape)
        self.fc_adv = nn.Sequential(nn.Linear(conv_out_size, 24), nn.ReLU(), nn.Linear(24, n_actions))
        self.fc_val = nn.Sequential(nn.Linear(conv_out_size, 24), nn.ReLU(), nn.Linear(24, 1))

    def _get_conv_out(self, shape):
        o = self.conv(torch.zeros(1, *shape))
        return int(np.prod(o.size()))

    def forward(self, x):
        adv, val = self.adv_val(x)
        return val + (adv - adv.mean(dim=1, keepdim=True))

    def adv_val(self, x):
        fx = x.float() / 256
        conv_out = self.conv(fx).view(fx.size()[0], -1)
        return self.fc_adv(conv_out), self.fc_val(conv_out)


class DistributionalDQN(nn.Module):
    def __init__(self, input_shape, n_actions):
        super(DistributionalDQN, self).__init__()
        self.conv = conv_stack(input_shape[0])
        conv_out_size = self._get_conv_out(input_shape)
        self.fc = nn.Sequential(nn.Linear(conv_out_size, 32), nn.ReLU(), nn.Linear(32, n_actions * N_ATOMS))
        self.register_buffer("supports", torch.arange(Vmin, Vmax + DELTA_Z, DELTA_Z))
        self.softmax = nn.Softmax(dim=1)

    def _get_conv_out(self, shape):
        o = self.conv(torch.zeros(1, *shape))
        return int(np.prod(o.size()))

    def forward(self, x):
        batch_size = x.size()[0]
        fx = x.float() / 256
        conv_out = self.conv(fx).view(batch_size, -1)
        fc_out = self.fc(conv_out)
        return fc_out.view(batch_size, -1, N_ATOMS)

    def both(self, x):
        cat_out = self(x)
        probs = self.apply_softmax(cat_out)
        weights = probs * self.supports
        res = weights.sum(dim=2)
        return cat_out, res

    def qvals(self, x):
        return self.both(x)[1]

    def apply_softmax(self, t):
        return self.softmax(t.view(-1, N_ATOMS)).view(t.size())


def distr_projection(next_distr, rewards, dones, gamma):
    batch_size = len(rewards)
    proj_distr = np.zeros((batch_size, N_ATOMS), dtype=np.float32)
    delta_z = (Vmax - Vmin) / (N_ATOMS - 1)
    for atom in range(N_ATOMS):
        tz_j = np.minimum(Vmax, np.maximum(Vmin, rewards + (Vmin + atom * delta_z) * gamma))
        b_j = (tz_j - Vmin) / delta_z
        l = np.floor(b_j).astype(np.int64)
        u = np.ceil(b_j).astype(np.int64)
        eq_mask = u == l
        proj_distr[eq_mask, l[eq_mask]] += next_distr[eq_mask, atom]
        ne_mask = u != l
        proj_distr[ne_mask, l[ne_mask]] += next_distr[ne_mask, atom] * (u - b_j)[ne_mask]
        proj_distr[ne_mask, u[ne_mask]] += next_distr[ne_mask, atom] * (b_j - l)[ne_mask]
    if dones.any():
        proj_distr[dones] = 0.0
        tz_j = np.minimum(Vmax, np.maximum(Vmin, rewards[dones]))
        b_j = (tz_j - Vmin) / delta_z
        l = np.floor(b_j).astype(np.int64)
        u = np.ceil(b_j).astype(np.int64)
        eq_mask = u == l
        eq_dones = dones.copy()
        eq_dones[dones] = eq_mask
        if eq_dones.any():
            proj_distr[eq_dones, l[eq_mask]] = 1.0
        ne_mask = u != l
        ne_dones = dones.copy()
        ne_dones[dones] = ne_mask
        if ne_dones.any():
            proj_distr[ne_dones, l[ne_mask]] = (u - b_j)[ne_mask]
            proj_distr[ne_dones, u[ne_mask]] = (b_j - l)[ne_mask]
    return proj_distr


class RainbowDQN(nn.Module):
    def __init__(self, input_shape, n_actions):
        super(RainbowDQN, self).__init__()
        self.conv = conv_stack(input_shape[0])
        conv_out_size = self._get_conv_out(input_shape)
        self.fc_adv = nn.Sequential(NoisyLinear(conv_out_size, 24), nn.ReLU(), NoisyLinear(24, n_actions))
        self.fc_val = nn.Sequential(nn.Linear(conv_out_size, 24), nn.ReLU(), nn.Linear(24, 1))

    def _get_conv_out(self, shape):
        o = self.conv(torch.zeros(1, *shape))
        return int(np.prod(o.size()))

    def forward(self, x):
        adv, val = self.adv_val(x)
        return val + (adv - adv.mean(dim=1, keepdim=True))

    def adv_val(self, x):
        fx = x.float() / 256
        conv_out = self.conv(fx).view(fx.size()[0], -1)
        return self.fc_adv(conv_out), self.fc_val(conv_out)


Experience = collections.namedtuple('Experience', field_names=['state', 'action', 'reward', 'done', 'last_state'])
INPUT_SHAPE = (4, 36, 36)
N_ACTIONS = 3


def experience_source(rng):
    state = rng.randint(0, 256, size=INPUT_SHAPE).astype(np.uint8)
    while True:
        action = int(rng.randint(N_ACTIONS))
        reward = float(rng.choice([-1.0, 0.0, 1.0, 12.0]))
        done = bool(rng.rand() < 0.25)
        next_state = rng.randint(0, 256, size=INPUT_SHAPE).astype(np.uint8)
        yield Experience(state, action, reward, done, None if done else next_state)
        state = next_state


def unpack_batch(batch):
    states, actions, rewards, dones, last_states = [], [], [], [], []
    for exp in batch:
        state = np.asarray(exp.state)
        states.append(state)
        actions.append(exp.action)
        rewards.append(exp.reward)
        dones.append(exp.last_state is None)
        if exp.last_state is None:
            last_states.append(state)
        else:
            last_states.append(np.asarray(exp.last_state))
    return np.asarray(states), np.array(actions), np.array(rewards, dtype=np.float32), \
        np.array(dones, dtype=np.uint8), np.asarray(last_states)


def calc_loss(batch, net, tgt_net, gamma, weights):
    states, actions, rewards, dones, next_states = unpack_batch(batch)
    batch_size = len(batch)
    states_v = torch.tensor(states)
    actions_v = torch.tensor(actions)
    next_states_v = torch.tensor(next_states)

    next_distr_v, next_qvals_v = tgt_net.both(next_states_v)
    next_acts = next_qvals_v.max(1)[1].data.cpu().numpy()
    next_distr = tgt_net.apply_softmax(next_distr_v)
    next_distr = next_distr.data.cpu().numpy()
    next_best_distr = next_distr[range(batch_size), next_acts]
    dones = dones.astype(bool)
    proj_distr = distr_projection(next_best_distr, rewards, dones, gamma)

    distr_v = net(states_v)
    sa_vals = distr_v[range(batch_size), actions_v.data]
    state_log_sm_v = F.log_softmax(sa_vals, dim=1)
    proj_distr_v = torch.tensor(proj_distr)
    loss_v = -state_log_sm_v * proj_distr_v
    losses_v = loss_v.sum(dim=1) * torch.tensor(weights)
    return losses_v.mean(), (losses_v + 1e-5).data.cpu().numpy()


torch.manual_seed(8)
np.random.seed(8)

# ---- the noisy layers ----
nl = NoisyLinear(6, 3)
nfl = NoisyFactorizedLinear(6, 3)
x = torch.randn(2, 6)
print(nl)
print([name for name, _ in nl.named_parameters()], [name for name, _ in nl.named_buffers()])
print([name for name, _ in nfl.named_buffers()], round(nfl.sigma_weight[0, 0].item(), 5))
out1, out2 = nl(x), nl(x)
print('noise redraws:', not torch.equal(out1, out2), tuple(nfl(x).shape))
print('epsilon std ~1:', round(nl.epsilon_weight.std().item(), 3))

noisy = NoisyDQN(INPUT_SHAPE, N_ACTIONS)
print(noisy.fc)
print('conv out', noisy._get_conv_out(INPUT_SHAPE), 'snr', [round(v, 3) for v in noisy.noisy_layers_sigma_snr()])
frames = torch.randint(0, 256, (2,) + INPUT_SHAPE, dtype=torch.uint8)
print('noisy q', noisy(frames).shape, noisy(frames).dtype)

duel = DuelingDQN(INPUT_SHAPE, N_ACTIONS)
adv, val = duel.adv_val(frames)
q = duel(frames)
print('dueling', tuple(adv.shape), tuple(val.shape), torch.allclose(q.mean(dim=1, keepdim=True), val, atol=1e-6))

rainbow = RainbowDQN(INPUT_SHAPE, N_ACTIONS)
print('rainbow params', sum(p.numel() for p in rainbow.parameters()),
      'buffers', [n for n, _ in rainbow.named_buffers()])

# ---- the C51 projection on hand-made distributions ----
next_distr = np.full((3, N_ATOMS), 1.0 / N_ATOMS, dtype=np.float32)
rewards = np.array([0.0, 1.5, -30.0], dtype=np.float32)
dones = np.array([False, True, True])
proj = distr_projection(next_distr, rewards, dones, 0.9)
print('projection sums', np.round(proj.sum(axis=1), 4), 'argmax', proj.argmax(axis=1))
print('done rows', np.round(proj[1, 27:30], 4), np.round(proj[2, :2], 4))

# ---- distributional training with prioritized replay ----
net = DistributionalDQN(INPUT_SHAPE, N_ACTIONS)
tgt_net = DistributionalDQN(INPUT_SHAPE, N_ACTIONS)
tgt_net.load_state_dict(net.state_dict())
print('supports', net.supports.shape[0], round(net.supports[0].item(), 3), round(net.supports[-1].item(), 3))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
buffer = PrioReplayBuffer(experience_source(np.random.RandomState(5)), buf_size=20)
for frame_idx in range(1, 6):
    buffer.populate(4)
    beta = buffer.update_beta(frame_idx)
    if len(buffer) < 8:
        print('frame %d: buffer %d' % (frame_idx, len(buffer)))
        continue
    batch, batch_indices, batch_weights = buffer.sample(6)
    optimizer.zero_grad()
    loss_v, sample_prios = calc_loss(batch, net, tgt_net, 0.99, batch_weights)
    loss_v.backward()
    optimizer.step()
    buffer.update_priorities(batch_indices, sample_prios)
    print('frame %d: loss %.4f beta %.3f buffer %d max prio %.4f' % (
        frame_idx, loss_v.item(), beta, len(buffer), buffer.priorities.max()))
qv = net.qvals(frames)
print('qvals', tuple(qv.shape), np.round(qv.detach().numpy(), 3))
