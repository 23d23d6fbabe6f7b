# Real-program corpus (tests/realworld, see README.md): single-file RL in the style of vwxyzjn/cleanrl
# ppo.py and dqn.py @ fe8d8a03: a @dataclass Args read from a command line, a vectorized environment
# with same-step autoreset whose infos carry final_observation/final_info and RecordEpisodeStatistics'
# episode returns, layer_init (orthogonal_ + constant_) on nn.Linear(np.array(obs_shape).prod(), 64)
# (a NumPy integer as in_features), a Categorical actor-critic updated with GAE, clipped surrogate and
# clipped value losses over shuffled minibatches with clip_grad_norm_ and linear lr annealing; then a
# DQN with a linear epsilon schedule, a NumPy replay buffer of the transitions (real_next_obs from
# final_observation on truncation), max over the target network and a soft target update. Written for
# Kiln, not copied; a hand-written deterministic CartPole instead of gymnasium, no tyro/TensorBoard,
# a few hundred steps; losses are printed instead of SPS.
import argparse
import math
import random
from dataclasses import dataclass, fields

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.distributions.categorical import Categorical


@dataclass
class Args:
    seed: int = 1
    total_timesteps: int = 500000
    learning_rate: float = 2.5e-4
    num_envs: int = 4
    num_steps: int = 128
    anneal_lr: bool = True
    gamma: float = 0.99
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    norm_adv: bool = True
    clip_coef: float = 0.2
    clip_vloss: bool = True
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float = None
    batch_size: int = 0
    minibatch_size: int = 0
    num_iterations: int = 0


def cli(cls, argv):
    parser = argparse.ArgumentParser()
    for f in fields(cls):
        kind = {'int': int, 'float': float, 'bool': lambda s: s == 'True'}.get(getattr(f.type, '__name__', f.type), str)
        parser.add_argument('--' + f.name.replace('_', '-'), dest=f.name, type=kind, default=f.default)
    return cls(**vars(parser.parse_args(argv)))


class CartPole:
    """CartPole-v1's dynamics, reset from its own NumPy generator"""
    obs_shape, n_actions = (4,), 2

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def reset(self):
        self.state = self.rng.uniform(low=-0.05, high=0.05, size=(4,))
        self.steps, self.ret = 0, 0.0
        return np.array(self.state, dtype=np.float32)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if int(action) == 1 else -10.0
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + 0.05 * theta_dot ** 2 * sintheta) / 1.1
        thetaacc = (9.8 * sintheta - costheta * temp) / (0.5 * (4.0 / 3.0 - 0.1 * costheta ** 2 / 1.1))
        xacc = temp - 0.05 * thetaacc * costheta / 1.1
        self.state = (x + 0.02 * x_dot, x_dot + 0.02 * xacc, theta + 0.02 * theta_dot, theta_dot + 0.02 * thetaacc)
        self.steps += 1
        self.ret += 1.0
        terminated = bool(abs(self.state[0]) > 2.4 or abs(self.state[2]) > 0.2095)
        truncated = self.steps >= 60
        info = {}
        if terminated or truncated:
            info['episode'] = {'r': np.array([self.ret], dtype=np.float32), 'l': np.array([self.steps], dtype=np.int32)}
        return np.array(self.state, dtype=np.float32), 1.0, terminated, truncated, info


class SyncVectorEnv:
    def __init__(self, n, seed):
        self.envs = [CartPole(seed + i) for i in range(n)]
        self.num_envs = n
        self.single_observation_shape = CartPole.obs_shape
        self.n_actions = CartPole.n_actions

    def reset(self):
        return np.stack([e.reset() for e in self.envs]), {}

    def step(self, actions):
        out = [e.step(a) for e, a in zip(self.envs, actions)]
        infos = {}
        if any(o[2] or o[3] for o in out):
            infos['final_observation'] = [o[0] if (o[2] or o[3]) else None for o in out]
            infos['final_info'] = [o[4] if (o[2] or o[3]) else None for o in out]
        obs = [e.reset() if (o[2] or o[3]) else o[0] for e, o in zip(self.envs, out)]
        return (np.stack(obs), np.array([o[1] for o in out]), np.array([o[2] for o in out]),
                np.array([o[3] for o in out]), infos)


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class Agent(nn.Module):
    def __init__(self, envs):
        super().__init__()
        n_in = np.array(envs.single_observation_shape).prod()
        self.critic = nn.Sequential(layer_init(nn.Linear(n_in, 64)), nn.Tanh(), layer_init(nn.Linear(64, 64)),
                                    nn.Tanh(), layer_init(nn.Linear(64, 1), std=1.0))
        self.actor = nn.Sequential(layer_init(nn.Linear(n_in, 64)), nn.Tanh(), layer_init(nn.Linear(64, 64)),
                                   nn.Tanh(), layer_init(nn.Linear(64, envs.n_actions), std=0.01))

    def get_value(self, x):
        return self.critic(x)

    def get_action_and_value(self, x, action=None):
        logits = self.actor(x)
        probs = Categorical(logits=logits)
        if action is None:
            action = probs.sample()
        return action, probs.log_prob(action), probs.entropy(), self.critic(x)


def ppo(args):
    args.batch_size = int(args.num_envs * args.num_steps)
    args.minibatch_size = int(args.batch_size // args.num_minibatches)
    args.num_iterations = args.total_timesteps // args.batch_size
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    envs = SyncVectorEnv(args.num_envs, args.seed)
    agent = Agent(envs)
    optimizer = optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    obs = torch.zeros((args.num_steps, args.num_envs) + envs.single_observation_shape)
    actions = torch.zeros((args.num_steps, args.num_envs))
    logprobs = torch.zeros((args.num_steps, args.num_envs))
    rewards = torch.zeros((args.num_steps, args.num_envs))
    dones = torch.zeros((args.num_steps, args.num_envs))
    values = torch.zeros((args.num_steps, args.num_envs))
    global_step = 0
    next_obs, _ = envs.reset()
    next_obs = torch.Tensor(next_obs)
    next_done = torch.zeros(args.num_envs)
    for iteration in range(1, args.num_iterations + 1):
        if args.anneal_lr:
            frac = 1.0 - (iteration - 1.0) / args.num_iterations
            optimizer.param_groups[0]["lr"] = frac * args.learning_rate
        for step in range(0, args.num_steps):
            global_step += args.num_envs
            obs[step] = next_obs
            dones[step] = next_done
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs)
                values[step] = value.flatten()
            actions[step] = action
            logprobs[step] = logprob
            next_obs, reward, terminations, truncations, infos = envs.step(action.cpu().numpy())
            next_done = np.logical_or(terminations, truncations)
            rewards[step] = torch.tensor(reward).view(-1)
            next_obs, next_done = torch.Tensor(next_obs), torch.Tensor(next_done)
            if "final_info" in infos:
                for info in infos["final_info"]:
                    if info and "episode" in info:
                        print(f"global_step={global_step}, episodic_return={info['episode']['r']}")
        with torch.no_grad():
            next_value = agent.get_value(next_obs).reshape(1, -1)
            advantages = torch.zeros_like(rewards)
            lastgaelam = 0
            for t in reversed(range(args.num_steps)):
                if t == args.num_steps - 1:
                    nextnonterminal = 1.0 - next_done
                    nextvalues = next_value
                else:
                    nextnonterminal = 1.0 - dones[t + 1]
                    nextvalues = values[t + 1]
                delta = rewards[t] + args.gamma * nextvalues * nextnonterminal - values[t]
                advantages[t] = lastgaelam = delta + args.gamma * args.gae_lambda * nextnonterminal * lastgaelam
            returns = advantages + values
        b_obs = obs.reshape((-1,) + envs.single_observation_shape)
        b_logprobs, b_actions = logprobs.reshape(-1), actions.reshape(-1)
        b_advantages, b_returns, b_values = advantages.reshape(-1), returns.reshape(-1), values.reshape(-1)
        b_inds = np.arange(args.batch_size)
        clipfracs = []
        for epoch in range(args.update_epochs):
            np.random.shuffle(b_inds)
            for start in range(0, args.batch_size, args.minibatch_size):
                mb_inds = b_inds[start:start + args.minibatch_size]
                _, newlogprob, entropy, newvalue = agent.get_action_and_value(b_obs[mb_inds], b_actions.long()[mb_inds])
                logratio = newlogprob - b_logprobs[mb_inds]
                ratio = logratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - logratio).mean()
                    clipfracs += [((ratio - 1.0).abs() > args.clip_coef).float().mean().item()]
                mb_advantages = b_advantages[mb_inds]
                if args.norm_adv:
                    mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
                pg_loss1 = -mb_advantages * ratio
                pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
                pg_loss = torch.max(pg_loss1, pg_loss2).mean()
                newvalue = newvalue.view(-1)
                if args.clip_vloss:
                    v_loss_unclipped = (newvalue - b_returns[mb_inds]) ** 2
                    v_clipped = b_values[mb_inds] + torch.clamp(newvalue - b_values[mb_inds], -args.clip_coef, args.clip_coef)
                    v_loss_clipped = (v_clipped - b_returns[mb_inds]) ** 2
                    v_loss = 0.5 * torch.max(v_loss_unclipped, v_loss_clipped).mean()
                else:
                    v_loss = 0.5 * ((newvalue - b_returns[mb_inds]) ** 2).mean()
                entropy_loss = entropy.mean()
                loss = pg_loss - args.ent_coef * entropy_loss + v_loss * args.vf_coef
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
            if args.target_kl is not None and approx_kl > args.target_kl:
                break
        y_pred, y_true = b_values.cpu().numpy(), b_returns.cpu().numpy()
        var_y = np.var(y_true)
        explained_var = np.nan if var_y == 0 else 1 - np.var(y_true - y_pred) / var_y
        print(f"iteration={iteration} lr={optimizer.param_groups[0]['lr']:.6f} value_loss={v_loss.item():.4f} "
              f"policy_loss={pg_loss.item():.4f} entropy={entropy_loss.item():.4f} "
              f"clipfrac={np.mean(clipfracs):.4f} explained_variance={explained_var:.4f}")


class QNetwork(nn.Module):
    def __init__(self, env):
        super().__init__()
        self.network = nn.Sequential(nn.Linear(np.array(env.single_observation_shape).prod(), 120), nn.ReLU(),
                                     nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, env.n_actions))

    def forward(self, x):
        return self.network(x)


def linear_schedule(start_e: float, end_e: float, duration: int, t: int):
    slope = (end_e - start_e) / duration
    return max(slope * t + start_e, end_e)


class ReplayBuffer:
    def __init__(self, size, obs_shape):
        self.obs = np.zeros((size,) + obs_shape, dtype=np.float32)
        self.next_obs = np.zeros((size,) + obs_shape, dtype=np.float32)
        self.actions = np.zeros((size, 1), dtype=np.int64)
        self.rewards = np.zeros((size, 1), dtype=np.float32)
        self.dones = np.zeros((size, 1), dtype=np.float32)
        self.size, self.pos, self.full = size, 0, False

    def add(self, obs, next_obs, action, reward, done):
        self.obs[self.pos] = np.array(obs)
        self.next_obs[self.pos] = np.array(next_obs)
        self.actions[self.pos] = np.array(action)
        self.rewards[self.pos] = np.array(reward)
        self.dones[self.pos] = np.array(done)
        self.pos += 1
        if self.pos == self.size:
            self.full, self.pos = True, 0

    def sample(self, batch_size):
        upper = self.size if self.full else self.pos
        idx = np.random.randint(0, upper, size=batch_size)
        return (torch.tensor(self.obs[idx]), torch.tensor(self.actions[idx]), torch.tensor(self.next_obs[idx]),
                torch.tensor(self.dones[idx]), torch.tensor(self.rewards[idx]))


def dqn(total_timesteps=300, learning_starts=80, batch_size=32, gamma=0.99, tau=1.0, train_frequency=10,
        target_network_frequency=50, start_e=1.0, end_e=0.05, exploration_fraction=0.5, seed=1):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    envs = SyncVectorEnv(1, seed)
    q_network = QNetwork(envs)
    optimizer = optim.Adam(q_network.parameters(), lr=2.5e-4)
    target_network = QNetwork(envs)
    target_network.load_state_dict(q_network.state_dict())
    rb = ReplayBuffer(200, envs.single_observation_shape)
    obs, _ = envs.reset()
    for global_step in range(total_timesteps):
        epsilon = linear_schedule(start_e, end_e, exploration_fraction * total_timesteps, global_step)
        if random.random() < epsilon:
            actions = np.array([random.randrange(envs.n_actions) for _ in range(envs.num_envs)])
        else:
            q_values = q_network(torch.Tensor(obs))
            actions = torch.argmax(q_values, dim=1).cpu().numpy()
        next_obs, rewards, terminations, truncations, infos = envs.step(actions)
        if "final_info" in infos:
            for info in infos["final_info"]:
                if info and "episode" in info:
                    print(f"global_step={global_step}, episodic_return={info['episode']['r']}")
        real_next_obs = next_obs.copy()
        for idx, trunc in enumerate(truncations):
            if trunc:
                real_next_obs[idx] = infos["final_observation"][idx]
        rb.add(obs[0], real_next_obs[0], actions[0], rewards[0], terminations[0])
        obs = next_obs
        if global_step > learning_starts:
            if global_step % train_frequency == 0:
                observations, acts, next_observations, dones, rews = rb.sample(batch_size)
                with torch.no_grad():
                    target_max, _ = target_network(next_observations).max(dim=1)
                    td_target = rews.flatten() + gamma * target_max * (1 - dones.flatten())
                old_val = q_network(observations).gather(1, acts).squeeze()
                loss = F.mse_loss(td_target, old_val)
                if global_step % 50 == 0:
                    print(f"step={global_step} td_loss={loss.item():.4f} q_values={old_val.mean().item():.4f} "
                          f"epsilon={epsilon:.3f}")
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            if global_step % target_network_frequency == 0:
                for target_network_param, q_network_param in zip(target_network.parameters(), q_network.parameters()):
                    target_network_param.data.copy_(tau * q_network_param.data + (1.0 - tau) * target_network_param.data)


args = cli(Args, ['--total-timesteps', '256', '--num-envs', '2', '--num-steps', '64', '--update-epochs', '2'])
print(args)
ppo(args)
dqn()
