# Real-program corpus (tests/realworld, see README.md): the shape of ikostrikov's
# pytorch-a2c-ppo-acktr-gail (ikostrikov/pytorch-a2c-ppo-acktr-gail @ 41332b78: main.py,
# a2c_ppo_acktr/model.py, distributions.py, storage.py, utils.py, envs.py, algo/ppo.py, algo/a2c_acktr.py).
# It exercises a VecPyTorch wrapper that squeezes discrete actions only when
# `isinstance(actions, torch.LongTensor)` (the legacy tensor types' metaclass check), Categorical and
# Normal subclasses with log_probs/mode, an AddBias log-std, orthogonal init through an init(module,
# weight_init, bias_init, gain) helper, a GRU base that splits a rollout at episode ends
# (`(masks[1:] == 0.0).any(dim=-1).nonzero().squeeze()`, numpy().tolist()), a RolloutStorage with
# GAE and proper time limits, mini-batches from BatchSampler(SubsetRandomSampler(range(n))) and the
# recurrent generator's randperm over processes, PPO's clipped policy and value losses, A2C with
# RMSprop, linear learning-rate decay and the episode-reward log lines. Changes: a two-process
# in-process CartPole and a one-dimensional continuous task written here instead of gym and
# stable-baselines3, small sizes, a few updates, no files. Written for Kiln, not copied.
import math
from collections import deque

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data.sampler import BatchSampler, SubsetRandomSampler


# --- environments (gym-style spaces and an auto-resetting vector env) ----------------------------
class Discrete:
    def __init__(self, n):
        self.n = n
        self.shape = ()


class Box:
    def __init__(self, low, high, shape):
        self.low, self.high, self.shape = low, high, shape


class CartPole:
    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)
        self.observation_space = Box(-4.8, 4.8, (4,))
        self.action_space = Discrete(2)

    def reset(self):
        self.state = self.rng.uniform(low=-0.05, high=0.05, size=(4,))
        self.t, self.total = 0, 0.0
        return np.array(self.state, dtype=np.float32)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if int(action) == 1 else -10.0
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + 0.05 * theta_dot ** 2 * sintheta) / 1.1
        thetaacc = (9.8 * sintheta - costheta * temp) / (0.5 * (4.0 / 3.0 - 0.1 * costheta ** 2 / 1.1))
        xacc = temp - 0.05 * thetaacc * costheta / 1.1
        x, x_dot = x + 0.02 * x_dot, x_dot + 0.02 * xacc
        theta, theta_dot = theta + 0.02 * theta_dot, theta_dot + 0.02 * thetaacc
        self.state = (x, x_dot, theta, theta_dot)
        self.t += 1
        self.total += 1.0
        fell = x < -2.4 or x > 2.4 or theta < -0.2095 or theta > 0.2095
        info = {}
        if self.t >= 40 and not fell:
            info["bad_transition"] = True
        done = bool(fell or self.t >= 40)
        if done:
            info["episode"] = {"r": self.total}
        return np.array(self.state, dtype=np.float32), 1.0, done, info


class Reach1D:
    # move a point to the origin: continuous action in [-1, 1], reward -|x|
    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)
        self.observation_space = Box(-2.0, 2.0, (2,))
        self.action_space = Box(-1.0, 1.0, (1,))

    def reset(self):
        self.x, self.t, self.total = self.rng.uniform(-1.5, 1.5), 0, 0.0
        return np.array([self.x, 0.0], dtype=np.float32)

    def step(self, action):
        a = float(np.clip(action, -1.0, 1.0)[0])
        self.x = float(np.clip(self.x + 0.2 * a, -2.0, 2.0))
        self.t += 1
        r = -abs(self.x)
        self.total += r
        info = {}
        done = self.t >= 10
        if done:
            info["episode"] = {"r": round(self.total, 6)}
            info["bad_transition"] = True
        return np.array([self.x, self.t / 10.0], dtype=np.float32), r, done, info


class DummyVecEnv:
    def __init__(self, envs):
        self.envs = envs
        self.num_envs = len(envs)
        self.observation_space = envs[0].observation_space
        self.action_space = envs[0].action_space

    def reset(self):
        return np.stack([e.reset() for e in self.envs])

    def step(self, actions):
        obs, rews, dones, infos = [], [], [], []
        for e, a in zip(self.envs, actions):
            o, r, d, i = e.step(a)
            if d:
                o = e.reset()
            obs.append(o), rews.append(r), dones.append(d), infos.append(i)
        return np.stack(obs), np.array(rews, dtype=np.float32), np.array(dones), infos


class VecPyTorch:
    def __init__(self, venv):
        self.venv = venv
        self.observation_space = venv.observation_space
        self.action_space = venv.action_space

    def reset(self):
        return torch.from_numpy(self.venv.reset()).float()

    def step(self, actions):
        if isinstance(actions, torch.LongTensor):
            # Squeeze the dimension for discrete actions
            actions = actions.squeeze(1)
        obs, reward, done, info = self.venv.step(actions.cpu().numpy())
        obs = torch.from_numpy(obs).float()
        reward = torch.from_numpy(reward).unsqueeze(dim=1).float()
        return obs, reward, done, info


# --- utils.py and distributions.py -------------------------------------------------------------------
def init(module, weight_init, bias_init, gain=1):
    weight_init(module.weight.data, gain=gain)
    bias_init(module.bias.data)
    return module


def update_linear_schedule(optimizer, epoch, total_num_epochs, initial_lr):
    lr = initial_lr - (initial_lr * (epoch / float(total_num_epochs)))
    for param_group in optimizer.param_groups:
        param_group["lr"] = lr


class AddBias(nn.Module):
    def __init__(self, bias):
        super(AddBias, self).__init__()
        self._bias = nn.Parameter(bias.unsqueeze(1))

    def forward(self, x):
        bias = self._bias.t().view(1, -1) if x.dim() == 2 else self._bias.t().view(1, -1, 1, 1)
        return x + bias


class FixedCategorical(torch.distributions.Categorical):
    def sample(self):
        return super().sample().unsqueeze(-1)

    def log_probs(self, actions):
        return super().log_prob(actions.squeeze(-1)).view(actions.size(0), -1).sum(-1).unsqueeze(-1)

    def mode(self):
        return self.probs.argmax(dim=-1, keepdim=True)


class FixedNormal(torch.distributions.Normal):
    def log_probs(self, actions):
        return super().log_prob(actions).sum(-1, keepdim=True)

    def entropy(self):
        return super().entropy().sum(-1)

    def mode(self):
        return self.mean


class Categorical(nn.Module):
    def __init__(self, num_inputs, num_outputs):
        super(Categorical, self).__init__()
        init_ = lambda m: init(m, nn.init.orthogonal_, lambda x: nn.init.constant_(x, 0), gain=0.01)
        self.linear = init_(nn.Linear(num_inputs, num_outputs))

    def forward(self, x):
        return FixedCategorical(logits=self.linear(x))


class DiagGaussian(nn.Module):
    def __init__(self, num_inputs, num_outputs):
        super(DiagGaussian, self).__init__()
        init_ = lambda m: init(m, nn.init.orthogonal_, lambda x: nn.init.constant_(x, 0))
        self.fc_mean = init_(nn.Linear(num_inputs, num_outputs))
        self.logstd = AddBias(torch.zeros(num_outputs))

    def forward(self, x):
        action_mean = self.fc_mean(x)
        action_logstd = self.logstd(torch.zeros(action_mean.size()))
        return FixedNormal(action_mean, action_logstd.exp())


# --- model.py ---------------------------------------------------------------------------------------
class NNBase(nn.Module):
    def __init__(self, recurrent, recurrent_input_size, hidden_size):
        super(NNBase, self).__init__()
        self._hidden_size = hidden_size
        self._recurrent = recurrent
        if recurrent:
            self.gru = nn.GRU(recurrent_input_size, hidden_size)
            for name, param in self.gru.named_parameters():
                if "bias" in name:
                    nn.init.constant_(param, 0)
                elif "weight" in name:
                    nn.init.orthogonal_(param)

    @property
    def is_recurrent(self):
        return self._recurrent

    @property
    def recurrent_hidden_state_size(self):
        return self._hidden_size if self._recurrent else 1

    @property
    def output_size(self):
        return self._hidden_size

    def _forward_gru(self, x, hxs, masks):
        if x.size(0) == hxs.size(0):
            x, hxs = self.gru(x.unsqueeze(0), (hxs * masks).unsqueeze(0))
            return x.squeeze(0), hxs.squeeze(0)
        N = hxs.size(0)
        T = int(x.size(0) / N)
        x = x.view(T, N, x.size(1))
        masks = masks.view(T, N)
        has_zeros = ((masks[1:] == 0.0).any(dim=-1).nonzero().squeeze().cpu())
        if has_zeros.dim() == 0:
            has_zeros = [has_zeros.item() + 1]
        else:
            has_zeros = (has_zeros + 1).numpy().tolist()
        has_zeros = [0] + has_zeros + [T]
        hxs = hxs.unsqueeze(0)
        outputs = []
        for i in range(len(has_zeros) - 1):
            start_idx, end_idx = has_zeros[i], has_zeros[i + 1]
            rnn_scores, hxs = self.gru(x[start_idx:end_idx], hxs * masks[start_idx].view(1, -1, 1))
            outputs.append(rnn_scores)
        x = torch.cat(outputs, dim=0).view(T * N, -1)
        return x, hxs.squeeze(0)


class MLPBase(NNBase):
    def __init__(self, num_inputs, recurrent=False, hidden_size=32):
        super(MLPBase, self).__init__(recurrent, num_inputs, hidden_size)
        if recurrent:
            num_inputs = hidden_size
        init_ = lambda m: init(m, nn.init.orthogonal_, lambda x: nn.init.constant_(x, 0), np.sqrt(2))
        self.actor = nn.Sequential(init_(nn.Linear(num_inputs, hidden_size)), nn.Tanh(),
                                   init_(nn.Linear(hidden_size, hidden_size)), nn.Tanh())
        self.critic = nn.Sequential(init_(nn.Linear(num_inputs, hidden_size)), nn.Tanh(),
                                    init_(nn.Linear(hidden_size, hidden_size)), nn.Tanh())
        self.critic_linear = init_(nn.Linear(hidden_size, 1))
        self.train()

    def forward(self, inputs, rnn_hxs, masks):
        x = inputs
        if self.is_recurrent:
            x, rnn_hxs = self._forward_gru(x, rnn_hxs, masks)
        hidden_critic = self.critic(x)
        hidden_actor = self.actor(x)
        return self.critic_linear(hidden_critic), hidden_actor, rnn_hxs


class Policy(nn.Module):
    def __init__(self, obs_shape, action_space, base_kwargs=None):
        super(Policy, self).__init__()
        self.base = MLPBase(obs_shape[0], **(base_kwargs or {}))
        if action_space.__class__.__name__ == "Discrete":
            self.dist = Categorical(self.base.output_size, action_space.n)
        elif action_space.__class__.__name__ == "Box":
            self.dist = DiagGaussian(self.base.output_size, action_space.shape[0])
        else:
            raise NotImplementedError

    @property
    def is_recurrent(self):
        return self.base.is_recurrent

    @property
    def recurrent_hidden_state_size(self):
        return self.base.recurrent_hidden_state_size

    def act(self, inputs, rnn_hxs, masks, deterministic=False):
        value, actor_features, rnn_hxs = self.base(inputs, rnn_hxs, masks)
        dist = self.dist(actor_features)
        action = dist.mode() if deterministic else dist.sample()
        return value, action, dist.log_probs(action), rnn_hxs

    def get_value(self, inputs, rnn_hxs, masks):
        value, _, _ = self.base(inputs, rnn_hxs, masks)
        return value

    def evaluate_actions(self, inputs, rnn_hxs, masks, action):
        value, actor_features, rnn_hxs = self.base(inputs, rnn_hxs, masks)
        dist = self.dist(actor_features)
        return value, dist.log_probs(action), dist.entropy().mean(), rnn_hxs


# --- storage.py ----------------------------------------------------------------------------------------
def _flatten_helper(T, N, _tensor):
    return _tensor.view(T * N, *_tensor.size()[2:])


class RolloutStorage(object):
    def __init__(self, num_steps, num_processes, obs_shape, action_space, recurrent_hidden_state_size):
        self.obs = torch.zeros(num_steps + 1, num_processes, *obs_shape)
        self.recurrent_hidden_states = torch.zeros(num_steps + 1, num_processes, recurrent_hidden_state_size)
        self.rewards = torch.zeros(num_steps, num_processes, 1)
        self.value_preds = torch.zeros(num_steps + 1, num_processes, 1)
        self.returns = torch.zeros(num_steps + 1, num_processes, 1)
        self.action_log_probs = torch.zeros(num_steps, num_processes, 1)
        action_shape = 1 if action_space.__class__.__name__ == "Discrete" else action_space.shape[0]
        self.actions = torch.zeros(num_steps, num_processes, action_shape)
        if action_space.__class__.__name__ == "Discrete":
            self.actions = self.actions.long()
        self.masks = torch.ones(num_steps + 1, num_processes, 1)
        self.bad_masks = torch.ones(num_steps + 1, num_processes, 1)
        self.num_steps = num_steps
        self.step = 0

    def insert(self, obs, recurrent_hidden_states, actions, action_log_probs, value_preds, rewards, masks, bad_masks):
        self.obs[self.step + 1].copy_(obs)
        self.recurrent_hidden_states[self.step + 1].copy_(recurrent_hidden_states)
        self.actions[self.step].copy_(actions)
        self.action_log_probs[self.step].copy_(action_log_probs)
        self.value_preds[self.step].copy_(value_preds)
        self.rewards[self.step].copy_(rewards)
        self.masks[self.step + 1].copy_(masks)
        self.bad_masks[self.step + 1].copy_(bad_masks)
        self.step = (self.step + 1) % self.num_steps

    def after_update(self):
        self.obs[0].copy_(self.obs[-1])
        self.recurrent_hidden_states[0].copy_(self.recurrent_hidden_states[-1])
        self.masks[0].copy_(self.masks[-1])
        self.bad_masks[0].copy_(self.bad_masks[-1])

    def compute_returns(self, next_value, use_gae, gamma, gae_lambda, use_proper_time_limits=True):
        if use_gae:
            self.value_preds[-1] = next_value
            gae = 0
            for step in reversed(range(self.rewards.size(0))):
                delta = self.rewards[step] + gamma * self.value_preds[step + 1] * self.masks[step + 1] - \
                    self.value_preds[step]
                gae = delta + gamma * gae_lambda * self.masks[step + 1] * gae
                if use_proper_time_limits:
                    gae = gae * self.bad_masks[step + 1]
                self.returns[step] = gae + self.value_preds[step]
        else:
            self.returns[-1] = next_value
            for step in reversed(range(self.rewards.size(0))):
                self.returns[step] = (self.returns[step + 1] * gamma * self.masks[step + 1] + self.rewards[step]) * \
                    self.bad_masks[step + 1] + (1 - self.bad_masks[step + 1]) * self.value_preds[step]

    def feed_forward_generator(self, advantages, num_mini_batch):
        num_steps, num_processes = self.rewards.size()[0:2]
        batch_size = num_processes * num_steps
        mini_batch_size = batch_size // num_mini_batch
        sampler = BatchSampler(SubsetRandomSampler(range(batch_size)), mini_batch_size, drop_last=True)
        for indices in sampler:
            obs_batch = self.obs[:-1].view(-1, *self.obs.size()[2:])[indices]
            hxs_batch = self.recurrent_hidden_states[:-1].view(-1, self.recurrent_hidden_states.size(-1))[indices]
            actions_batch = self.actions.view(-1, self.actions.size(-1))[indices]
            value_preds_batch = self.value_preds[:-1].view(-1, 1)[indices]
            return_batch = self.returns[:-1].view(-1, 1)[indices]
            masks_batch = self.masks[:-1].view(-1, 1)[indices]
            old_log_probs = self.action_log_probs.view(-1, 1)[indices]
            adv_targ = advantages.view(-1, 1)[indices]
            yield obs_batch, hxs_batch, actions_batch, value_preds_batch, return_batch, masks_batch, \
                old_log_probs, adv_targ

    def recurrent_generator(self, advantages, num_mini_batch):
        num_processes = self.rewards.size(1)
        num_envs_per_batch = num_processes // num_mini_batch
        perm = torch.randperm(num_processes)
        for start_ind in range(0, num_processes, num_envs_per_batch):
            cols = {k: [] for k in ("obs", "hxs", "act", "val", "ret", "mask", "logp", "adv")}
            for offset in range(num_envs_per_batch):
                ind = perm[start_ind + offset]
                cols["obs"].append(self.obs[:-1, ind])
                cols["hxs"].append(self.recurrent_hidden_states[0:1, ind])
                cols["act"].append(self.actions[:, ind])
                cols["val"].append(self.value_preds[:-1, ind])
                cols["ret"].append(self.returns[:-1, ind])
                cols["mask"].append(self.masks[:-1, ind])
                cols["logp"].append(self.action_log_probs[:, ind])
                cols["adv"].append(advantages[:, ind])
            T, N = self.num_steps, num_envs_per_batch
            stacked = {k: torch.stack(v, 1) for k, v in cols.items()}
            hxs = stacked.pop("hxs").view(N, -1)
            flat = {k: _flatten_helper(T, N, v) for k, v in stacked.items()}
            yield flat["obs"], hxs, flat["act"], flat["val"], flat["ret"], flat["mask"], flat["logp"], flat["adv"]


# --- algo/ppo.py and algo/a2c_acktr.py ----------------------------------------------------------------
class PPO():
    def __init__(self, actor_critic, clip_param, ppo_epoch, num_mini_batch, value_loss_coef, entropy_coef,
                 lr=None, eps=None, max_grad_norm=None, use_clipped_value_loss=True):
        self.actor_critic = actor_critic
        self.clip_param, self.ppo_epoch, self.num_mini_batch = clip_param, ppo_epoch, num_mini_batch
        self.value_loss_coef, self.entropy_coef = value_loss_coef, entropy_coef
        self.max_grad_norm = max_grad_norm
        self.use_clipped_value_loss = use_clipped_value_loss
        self.optimizer = optim.Adam(actor_critic.parameters(), lr=lr, eps=eps)

    def update(self, rollouts):
        advantages = rollouts.returns[:-1] - rollouts.value_preds[:-1]
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-5)
        value_loss_epoch = action_loss_epoch = dist_entropy_epoch = 0
        for e in range(self.ppo_epoch):
            if self.actor_critic.is_recurrent:
                data_generator = rollouts.recurrent_generator(advantages, self.num_mini_batch)
            else:
                data_generator = rollouts.feed_forward_generator(advantages, self.num_mini_batch)
            for sample in data_generator:
                obs_b, hxs_b, actions_b, value_preds_b, return_b, masks_b, old_logp_b, adv_targ = sample
                values, action_log_probs, dist_entropy, _ = self.actor_critic.evaluate_actions(
                    obs_b, hxs_b, masks_b, actions_b)
                ratio = torch.exp(action_log_probs - old_logp_b)
                surr1 = ratio * adv_targ
                surr2 = torch.clamp(ratio, 1.0 - self.clip_param, 1.0 + self.clip_param) * adv_targ
                action_loss = -torch.min(surr1, surr2).mean()
                if self.use_clipped_value_loss:
                    value_pred_clipped = value_preds_b + (values - value_preds_b).clamp(-self.clip_param, self.clip_param)
                    value_losses = (values - return_b).pow(2)
                    value_losses_clipped = (value_pred_clipped - return_b).pow(2)
                    value_loss = 0.5 * torch.max(value_losses, value_losses_clipped).mean()
                else:
                    value_loss = 0.5 * (return_b - values).pow(2).mean()
                self.optimizer.zero_grad()
                (value_loss * self.value_loss_coef + action_loss - dist_entropy * self.entropy_coef).backward()
                nn.utils.clip_grad_norm_(self.actor_critic.parameters(), self.max_grad_norm)
                self.optimizer.step()
                value_loss_epoch += value_loss.item()
                action_loss_epoch += action_loss.item()
                dist_entropy_epoch += dist_entropy.item()
        num_updates = self.ppo_epoch * self.num_mini_batch
        return value_loss_epoch / num_updates, action_loss_epoch / num_updates, dist_entropy_epoch / num_updates


class A2C():
    def __init__(self, actor_critic, value_loss_coef, entropy_coef, lr, eps, alpha, max_grad_norm):
        self.actor_critic = actor_critic
        self.value_loss_coef, self.entropy_coef, self.max_grad_norm = value_loss_coef, entropy_coef, max_grad_norm
        self.optimizer = optim.RMSprop(actor_critic.parameters(), lr, eps=eps, alpha=alpha)

    def update(self, rollouts):
        obs_shape = rollouts.obs.size()[2:]
        action_shape = rollouts.actions.size()[-1]
        num_steps, num_processes, _ = rollouts.rewards.size()
        values, action_log_probs, dist_entropy, _ = self.actor_critic.evaluate_actions(
            rollouts.obs[:-1].view(-1, *obs_shape),
            rollouts.recurrent_hidden_states[0].view(-1, self.actor_critic.recurrent_hidden_state_size),
            rollouts.masks[:-1].view(-1, 1), rollouts.actions.view(-1, action_shape))
        values = values.view(num_steps, num_processes, 1)
        action_log_probs = action_log_probs.view(num_steps, num_processes, 1)
        advantages = rollouts.returns[:-1] - values
        value_loss = advantages.pow(2).mean()
        action_loss = -(advantages.detach() * action_log_probs).mean()
        self.optimizer.zero_grad()
        (value_loss * self.value_loss_coef + action_loss - dist_entropy * self.entropy_coef).backward()
        nn.utils.clip_grad_norm_(self.actor_critic.parameters(), self.max_grad_norm)
        self.optimizer.step()
        return value_loss.item(), action_loss.item(), dist_entropy.item()


# --- main.py -----------------------------------------------------------------------------------------
def run(title, make_env, algo, recurrent=False, num_steps=8, num_processes=2, num_updates=6, use_gae=True):
    print(f"== {title}")
    torch.manual_seed(1)
    envs = VecPyTorch(DummyVecEnv([make_env(1 + i) for i in range(num_processes)]))
    actor_critic = Policy(envs.observation_space.shape, envs.action_space, base_kwargs={"recurrent": recurrent})
    if algo == "ppo":
        agent = PPO(actor_critic, 0.2, 2, 2 if not recurrent else 1, 0.5, 0.01, lr=2.5e-3, eps=1e-5, max_grad_norm=0.5)
    else:
        agent = A2C(actor_critic, 0.5, 0.01, lr=7e-4, eps=1e-5, alpha=0.99, max_grad_norm=0.5)
    rollouts = RolloutStorage(num_steps, num_processes, envs.observation_space.shape, envs.action_space,
                              actor_critic.recurrent_hidden_state_size)
    obs = envs.reset()
    rollouts.obs[0].copy_(obs)
    episode_rewards = deque(maxlen=10)
    for j in range(num_updates):
        if algo == "ppo":
            update_linear_schedule(agent.optimizer, j, num_updates, 2.5e-3)
        for step in range(num_steps):
            with torch.no_grad():
                value, action, action_log_prob, recurrent_hidden_states = actor_critic.act(
                    rollouts.obs[step], rollouts.recurrent_hidden_states[step], rollouts.masks[step])
            obs, reward, done, infos = envs.step(action)
            for info in infos:
                if "episode" in info.keys():
                    episode_rewards.append(info["episode"]["r"])
            masks = torch.FloatTensor([[0.0] if done_ else [1.0] for done_ in done])
            bad_masks = torch.FloatTensor([[0.0] if "bad_transition" in info.keys() else [1.0] for info in infos])
            rollouts.insert(obs, recurrent_hidden_states, action, action_log_prob, value, reward, masks, bad_masks)
        with torch.no_grad():
            next_value = actor_critic.get_value(rollouts.obs[-1], rollouts.recurrent_hidden_states[-1],
                                                rollouts.masks[-1]).detach()
        rollouts.compute_returns(next_value, use_gae, 0.99, 0.95, True)
        value_loss, action_loss, dist_entropy = agent.update(rollouts)
        rollouts.after_update()
        total_num_steps = (j + 1) * num_processes * num_steps
        line = f"Updates {j}, num timesteps {total_num_steps}, value/action loss {value_loss:.4f}/{action_loss:.4f}, " \
               f"entropy {dist_entropy:.4f}"
        if len(episode_rewards) > 1:
            line += "\n Last {} training episodes: mean/median reward {:.2f}/{:.2f}, min/max reward {:.2f}/{:.2f}".format(
                len(episode_rewards), np.mean(episode_rewards), np.median(episode_rewards),
                np.min(episode_rewards), np.max(episode_rewards))
        print(line)
    print("actions dtype:", rollouts.actions.dtype, "lr:", f"{agent.optimizer.param_groups[0]['lr']:.6f}")


print(isinstance(torch.zeros(2, 1, dtype=torch.long), torch.LongTensor), isinstance(torch.zeros(2), torch.LongTensor))
run("ppo CartPole", CartPole, "ppo")
run("a2c CartPole, recurrent", CartPole, "a2c", recurrent=True, use_gae=False)
run("ppo CartPole, recurrent", CartPole, "ppo", recurrent=True, num_processes=2)
run("ppo Reach1D (DiagGaussian)", Reach1D, "ppo")
