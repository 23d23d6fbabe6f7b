# Real-program corpus (tests/realworld, see README.md): continuous-control agents in the shape of
# ikostrikov/pytorch-ddpg-naf (main.py, naf.py, ddpg.py, ounoise.py, param_noise.py, replay_memory.py,
# normalized_actions.py): Normalized Advantage Functions with a lower-triangular L built from tril/diag
# masks held as Variables and expanded with expand_as, `P = L L^T` through torch.bmm and the quadratic
# advantage `-0.5 * (u-mu)^T P (u-mu)`; BatchNorm1d layers whose weights are filled through `.data`;
# DDPG with a hand-written LayerNorm installed over torch's (`nn.LayerNorm = LayerNorm`), actor and
# critic targets kept by hard_update/soft_update through `.data.copy_`, parameter-space noise that
# perturbs a copy of the actor by adding to the tensors of its state_dict() in place (they alias the
# parameters), the adaptive noise spec with its distance metric over NumPy actions, an OU process on
# NumPy arrays, a namedtuple ReplayMemory with a ring position and random.sample, batches through
# `Transition(*zip(*transitions))` and torch.cat, `torch.Tensor([ndarray])` / `torch.Tensor([not done])`
# states, the deprecated torch.nn.utils.clip_grad_norm, F.tanh, and a gym.ActionWrapper-style
# action rescaling.
# Origin: ikostrikov/pytorch-ddpg-naf main.py, naf.py, ddpg.py, ounoise.py, param_noise.py,
# replay_memory.py, normalized_actions.py @ ec5a46927faf9a1f85d895416ad1d7e02ac0df04.
# Written for Kiln, not copied. Changes: a hand-written pendulum in NumPy instead of gym's
# HalfCheetah/Pendulum (no gym; episodes of 30 steps); the wrapper is a plain class with gym's
# ActionWrapper call shape; 3 episodes per agent with batch 16, hidden size 16 and one update per step;
# main.py's parameter-noise branch reads `t`, which it never sets (a NameError when --param_noise is
# on); here it is the episode's step count; no tensorboardX; rewards printed with 2 decimals.
import argparse
import random
from collections import namedtuple
from math import sqrt

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.optim import Adam


# ---- a pendulum in the shape of gym's (reset/step/seed, Box spaces) ----
class Box:
    def __init__(self, low, high, shape):
        self.low = np.full(shape, low, dtype=np.float32)
        self.high = np.full(shape, high, dtype=np.float32)
        self.shape = shape


class Pendulum:
    max_speed, max_torque, dt = 8.0, 2.0, 0.05

    def __init__(self, horizon=30):
        self.action_space = Box(-self.max_torque, self.max_torque, (1,))
        self.observation_space = Box(-8.0, 8.0, (3,))
        self.horizon = horizon

    def seed(self, seed):
        self.np_random = np.random.RandomState(seed)

    def reset(self):
        self.state = self.np_random.uniform(low=[-np.pi, -1.0], high=[np.pi, 1.0])
        self.t = 0
        return self._obs()

    def _obs(self):
        th, thdot = self.state
        return np.array([np.cos(th), np.sin(th), thdot], dtype=np.float32)

    def step(self, u):
        th, thdot = self.state
        u = float(np.clip(u, -self.max_torque, self.max_torque)[0])
        angle = ((th + np.pi) % (2 * np.pi)) - np.pi
        cost = angle ** 2 + 0.1 * thdot ** 2 + 0.001 * u ** 2
        thdot = np.clip(thdot + (3 * 10.0 / 2 * np.sin(th) + 3.0 * u) * self.dt, -self.max_speed, self.max_speed)
        self.state = np.array([th + thdot * self.dt, thdot])
        self.t += 1
        return self._obs(), -float(cost), self.t >= self.horizon, {}


class NormalizedActions:
    def __init__(self, env):
        self.env = env
        self.action_space = env.action_space
        self.observation_space = env.observation_space

    def seed(self, s):
        self.env.seed(s)

    def reset(self):
        return self.env.reset()

    def step(self, action):
        return self.env.step(self._action(action))

    def _action(self, action):
        action = (action + 1) / 2
        action *= (self.action_space.high - self.action_space.low)
        action += self.action_space.low
        return action


# ---- ounoise.py, param_noise.py, replay_memory.py ----
class OUNoise:
    def __init__(self, action_dimension, scale=0.1, mu=0, theta=0.15, sigma=0.2):
        self.action_dimension = action_dimension
        self.scale = scale
        self.mu = mu
        self.theta = theta
        self.sigma = sigma
        self.state = np.ones(self.action_dimension) * self.mu
        self.reset()

    def reset(self):
        self.state = np.ones(self.action_dimension) * self.mu

    def noise(self):
        x = self.state
        dx = self.theta * (self.mu - x) + self.sigma * np.random.randn(len(x))
        self.state = x + dx
        return self.state * self.scale


class AdaptiveParamNoiseSpec(object):
    def __init__(self, initial_stddev=0.1, desired_action_stddev=0.2, adaptation_coefficient=1.01):
        self.initial_stddev = initial_stddev
        self.desired_action_stddev = desired_action_stddev
        self.adaptation_coefficient = adaptation_coefficient
        self.current_stddev = initial_stddev

    def adapt(self, distance):
        if distance > self.desired_action_stddev:
            self.current_stddev /= self.adaptation_coefficient
        else:
            self.current_stddev *= self.adaptation_coefficient

    def __repr__(self):
        fmt = 'AdaptiveParamNoiseSpec(initial_stddev={}, desired_action_stddev={}, adaptation_coefficient={})'
        return fmt.format(self.initial_stddev, self.desired_action_stddev, self.adaptation_coefficient)


def ddpg_distance_metric(actions1, actions2):
    diff = actions1 - actions2
    mean_diff = np.mean(np.square(diff), axis=0)
    return sqrt(np.mean(mean_diff))


Transition = namedtuple('Transition', ('state', 'action', 'mask', 'next_state', 'reward'))


class ReplayMemory(object):
    def __init__(self, capacity):
        self.capacity = capacity
        self.memory = []
        self.position = 0

    def push(self, *args):
        if len(self.memory) < self.capacity:
            self.memory.append(None)
        self.memory[self.position] = Transition(*args)
        self.position = (self.position + 1) % self.capacity

    def sample(self, batch_size):
        return random.sample(self.memory, batch_size)

    def __len__(self):
        return len(self.memory)


# ---- naf.py ----
def MSELoss(input, target):
    return torch.sum((input - target) ** 2) / input.data.nelement()


def soft_update(target, source, tau):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.data.copy_(target_param.data * (1.0 - tau) + param.data * tau)


def hard_update(target, source):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.data.copy_(param.data)


class Policy(nn.Module):
    def __init__(self, hidden_size, num_inputs, action_space):
        super(Policy, self).__init__()
        self.action_space = action_space
        num_outputs = action_space.shape[0]
        self.bn0 = nn.BatchNorm1d(num_inputs)
        self.bn0.weight.data.fill_(1)
        self.bn0.bias.data.fill_(0)
        self.linear1 = nn.Linear(num_inputs, hidden_size)
        self.linear2 = nn.Linear(hidden_size, hidden_size)
        self.V = nn.Linear(hidden_size, 1)
        self.V.weight.data.mul_(0.1)
        self.V.bias.data.mul_(0.1)
        self.mu = nn.Linear(hidden_size, num_outputs)
        self.mu.weight.data.mul_(0.1)
        self.mu.bias.data.mul_(0.1)
        self.L = nn.Linear(hidden_size, num_outputs ** 2)
        self.L.weight.data.mul_(0.1)
        self.L.bias.data.mul_(0.1)
        self.tril_mask = Variable(torch.tril(torch.ones(num_outputs, num_outputs), diagonal=-1).unsqueeze(0))
        self.diag_mask = Variable(torch.diag(torch.diag(torch.ones(num_outputs, num_outputs))).unsqueeze(0))

    def forward(self, inputs):
        x, u = inputs
        x = self.bn0(x)
        x = F.tanh(self.linear1(x))
        x = F.tanh(self.linear2(x))
        V = self.V(x)
        mu = F.tanh(self.mu(x))
        Q = None
        if u is not None:
            num_outputs = mu.size(1)
            L = self.L(x).view(-1, num_outputs, num_outputs)
            L = L * self.tril_mask.expand_as(L) + torch.exp(L) * self.diag_mask.expand_as(L)
            P = torch.bmm(L, L.transpose(2, 1))
            u_mu = (u - mu).unsqueeze(2)
            A = -0.5 * torch.bmm(torch.bmm(u_mu.transpose(2, 1), P), u_mu)[:, :, 0]
            Q = A + V
        return mu, Q, V


class NAF:
    def __init__(self, gamma, tau, hidden_size, num_inputs, action_space):
        self.action_space = action_space
        self.num_inputs = num_inputs
        self.model = Policy(hidden_size, num_inputs, action_space)
        self.target_model = Policy(hidden_size, num_inputs, action_space)
        self.optimizer = Adam(self.model.parameters(), lr=1e-3)
        self.gamma = gamma
        self.tau = tau
        hard_update(self.target_model, self.model)

    def select_action(self, state, action_noise=None, param_noise=None):
        self.model.eval()
        mu, _, _ = self.model((Variable(state), None))
        self.model.train()
        mu = mu.data
        if action_noise is not None:
            mu += torch.Tensor(action_noise.noise())
        return mu.clamp(-1, 1)

    def update_parameters(self, batch):
        state_batch = Variable(torch.cat(batch.state))
        action_batch = Variable(torch.cat(batch.action))
        reward_batch = Variable(torch.cat(batch.reward))
        mask_batch = Variable(torch.cat(batch.mask))
        next_state_batch = Variable(torch.cat(batch.next_state))
        _, _, next_state_values = self.target_model((next_state_batch, None))
        reward_batch = reward_batch.unsqueeze(1)
        mask_batch = mask_batch.unsqueeze(1)
        expected_state_action_values = reward_batch + (self.gamma * mask_batch + next_state_values)
        _, state_action_values, _ = self.model((state_batch, action_batch))
        loss = MSELoss(state_action_values, expected_state_action_values)
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm(self.model.parameters(), 1)
        self.optimizer.step()
        soft_update(self.target_model, self.model, self.tau)
        return loss.item(), 0


# ---- ddpg.py ----
class LayerNorm(nn.Module):
    def __init__(self, num_features, eps=1e-5, affine=True):
        super(LayerNorm, self).__init__()
        self.num_features = num_features
        self.affine = affine
        self.eps = eps
        if self.affine:
            self.gamma = nn.Parameter(torch.Tensor(num_features).uniform_())
            self.beta = nn.Parameter(torch.zeros(num_features))

    def forward(self, x):
        shape = [-1] + [1] * (x.dim() - 1)
        mean = x.view(x.size(0), -1).mean(1).view(*shape)
        std = x.view(x.size(0), -1).std(1).view(*shape)
        y = (x - mean) / (std + self.eps)
        if self.affine:
            shape = [1, -1] + [1] * (x.dim() - 2)
            y = self.gamma.view(*shape) * y + self.beta.view(*shape)
        return y


nn.LayerNorm = LayerNorm


class Actor(nn.Module):
    def __init__(self, hidden_size, num_inputs, action_space):
        super(Actor, self).__init__()
        num_outputs = action_space.shape[0]
        self.linear1 = nn.Linear(num_inputs, hidden_size)
        self.ln1 = nn.LayerNorm(hidden_size)
        self.linear2 = nn.Linear(hidden_size, hidden_size)
        self.ln2 = nn.LayerNorm(hidden_size)
        self.mu = nn.Linear(hidden_size, num_outputs)
        self.mu.weight.data.mul_(0.1)
        self.mu.bias.data.mul_(0.1)

    def forward(self, inputs):
        x = F.relu(self.ln1(self.linear1(inputs)))
        x = F.relu(self.ln2(self.linear2(x)))
        return F.tanh(self.mu(x))


class Critic(nn.Module):
    def __init__(self, hidden_size, num_inputs, action_space):
        super(Critic, self).__init__()
        num_outputs = action_space.shape[0]
        self.linear1 = nn.Linear(num_inputs, hidden_size)
        self.ln1 = nn.LayerNorm(hidden_size)
        self.linear2 = nn.Linear(hidden_size + num_outputs, hidden_size)
        self.ln2 = nn.LayerNorm(hidden_size)
        self.V = nn.Linear(hidden_size, 1)
        self.V.weight.data.mul_(0.1)
        self.V.bias.data.mul_(0.1)

    def forward(self, inputs, actions):
        x = F.relu(self.ln1(self.linear1(inputs)))
        x = torch.cat((x, actions), 1)
        x = F.relu(self.ln2(self.linear2(x)))
        return self.V(x)


class DDPG(object):
    def __init__(self, gamma, tau, hidden_size, num_inputs, action_space):
        self.actor = Actor(hidden_size, num_inputs, action_space)
        self.actor_target = Actor(hidden_size, num_inputs, action_space)
        self.actor_perturbed = Actor(hidden_size, num_inputs, action_space)
        self.actor_optim = Adam(self.actor.parameters(), lr=1e-4)
        self.critic = Critic(hidden_size, num_inputs, action_space)
        self.critic_target = Critic(hidden_size, num_inputs, action_space)
        self.critic_optim = Adam(self.critic.parameters(), lr=1e-3)
        self.gamma = gamma
        self.tau = tau
        hard_update(self.actor_target, self.actor)
        hard_update(self.critic_target, self.critic)

    def select_action(self, state, action_noise=None, param_noise=None):
        self.actor.eval()
        if param_noise is not None:
            mu = self.actor_perturbed((Variable(state)))
        else:
            mu = self.actor((Variable(state)))
        self.actor.train()
        mu = mu.data
        if action_noise is not None:
            mu += torch.Tensor(action_noise.noise())
        return mu.clamp(-1, 1)

    def update_parameters(self, batch):
        state_batch = Variable(torch.cat(batch.state))
        action_batch = Variable(torch.cat(batch.action))
        reward_batch = Variable(torch.cat(batch.reward))
        mask_batch = Variable(torch.cat(batch.mask))
        next_state_batch = Variable(torch.cat(batch.next_state))
        next_action_batch = self.actor_target(next_state_batch)
        next_state_action_values = self.critic_target(next_state_batch, next_action_batch)
        reward_batch = reward_batch.unsqueeze(1)
        mask_batch = mask_batch.unsqueeze(1)
        expected = reward_batch + (self.gamma * mask_batch * next_state_action_values)
        self.critic_optim.zero_grad()
        state_action_batch = self.critic((state_batch), (action_batch))
        value_loss = F.mse_loss(state_action_batch, expected)
        value_loss.backward()
        self.critic_optim.step()
        self.actor_optim.zero_grad()
        policy_loss = -self.critic((state_batch), self.actor((state_batch)))
        policy_loss = policy_loss.mean()
        policy_loss.backward()
        self.actor_optim.step()
        soft_update(self.actor_target, self.actor, self.tau)
        soft_update(self.critic_target, self.critic, self.tau)
        return value_loss.item(), policy_loss.item()

    def perturb_actor_parameters(self, param_noise):
        hard_update(self.actor_perturbed, self.actor)
        params = self.actor_perturbed.state_dict()
        for name in params:
            if 'ln' in name:
                pass
            param = params[name]
            param += torch.randn(param.shape) * param_noise.current_stddev


# ---- main.py ----
def main(argv):
    parser = argparse.ArgumentParser(description='PyTorch REINFORCE example')
    parser.add_argument('--algo', default='NAF', help='algorithm to use: DDPG | NAF')
    parser.add_argument('--gamma', type=float, default=0.99, metavar='G')
    parser.add_argument('--tau', type=float, default=0.001, metavar='G')
    parser.add_argument('--ou_noise', type=bool, default=True)
    parser.add_argument('--param_noise', type=bool, default=False)
    parser.add_argument('--noise_scale', type=float, default=0.3, metavar='G')
    parser.add_argument('--final_noise_scale', type=float, default=0.3, metavar='G')
    parser.add_argument('--exploration_end', type=int, default=100, metavar='N')
    parser.add_argument('--seed', type=int, default=4, metavar='N')
    parser.add_argument('--batch_size', type=int, default=128, metavar='N')
    parser.add_argument('--num_episodes', type=int, default=1000, metavar='N')
    parser.add_argument('--hidden_size', type=int, default=128, metavar='N')
    parser.add_argument('--updates_per_step', type=int, default=5, metavar='N')
    parser.add_argument('--replay_size', type=int, default=1000000, metavar='N')
    args = parser.parse_args(argv)

    env = NormalizedActions(Pendulum())
    env.seed(args.seed)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    random.seed(args.seed)
    if args.algo == "NAF":
        agent = NAF(args.gamma, args.tau, args.hidden_size, env.observation_space.shape[0], env.action_space)
    else:
        agent = DDPG(args.gamma, args.tau, args.hidden_size, env.observation_space.shape[0], env.action_space)
    memory = ReplayMemory(args.replay_size)
    ounoise = OUNoise(env.action_space.shape[0]) if args.ou_noise else None
    param_noise = AdaptiveParamNoiseSpec(initial_stddev=0.05, desired_action_stddev=args.noise_scale,
                                         adaptation_coefficient=1.05) if args.param_noise else None
    print(args.algo, param_noise)

    rewards = []
    total_numsteps = 0
    updates = 0
    for i_episode in range(args.num_episodes):
        state = torch.Tensor([env.reset()])
        if args.ou_noise:
            ounoise.scale = (args.noise_scale - args.final_noise_scale) * max(
                0, args.exploration_end - i_episode) / args.exploration_end + args.final_noise_scale
            ounoise.reset()
        if args.param_noise and args.algo == "DDPG":
            agent.perturb_actor_parameters(param_noise)
        episode_reward = 0
        t = 0
        while True:
            action = agent.select_action(state, ounoise, param_noise)
            next_state, reward, done, _ = env.step(action.numpy()[0])
            total_numsteps += 1
            t += 1
            episode_reward += reward
            action = torch.Tensor(action)
            mask = torch.Tensor([not done])
            next_state = torch.Tensor([next_state])
            reward = torch.Tensor([reward])
            memory.push(state, action, mask, next_state, reward)
            state = next_state
            if len(memory) > args.batch_size:
                for _ in range(args.updates_per_step):
                    transitions = memory.sample(args.batch_size)
                    batch = Transition(*zip(*transitions))
                    value_loss, policy_loss = agent.update_parameters(batch)
                    updates += 1
            if done:
                break
        if args.param_noise:
            episode_transitions = memory.memory[memory.position - t:memory.position]
            states = torch.cat([transition[0] for transition in episode_transitions], 0)
            unperturbed_actions = agent.select_action(states, None, None)
            perturbed_actions = torch.cat([transition[1] for transition in episode_transitions], 0)
            ddpg_dist = ddpg_distance_metric(perturbed_actions.numpy(), unperturbed_actions.numpy())
            param_noise.adapt(ddpg_dist)
            print("  param noise stddev {:.4f}".format(param_noise.current_stddev))
        rewards.append(episode_reward)
        print("Episode: {}, total numsteps: {}, updates: {}, reward: {:.2f}, last losses: {:.4f} {:.4f}".format(
            i_episode, total_numsteps, updates, rewards[-1], value_loss, policy_loss))
    print("average reward: {:.2f}".format(np.mean(rewards[-10:])))


common = ['--num_episodes', '3', '--batch_size', '16', '--updates_per_step', '1', '--hidden_size', '16']
main(['--algo', 'NAF'] + common)
main(['--algo', 'DDPG'] + common)
main(['--algo', 'DDPG', '--param_noise', '1'] + common)
print(issubclass(nn.LayerNorm, nn.Module), nn.LayerNorm.__name__, nn.LayerNorm.__module__)
