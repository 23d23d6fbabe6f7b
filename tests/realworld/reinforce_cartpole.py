# Real-program corpus (tests/realworld, see README.md): REINFORCE on a cart-pole: a small policy
# network with dropout and softmax, actions sampled from torch.distributions.Categorical and their
# log_prob saved, discounted returns built with a deque, normalized with eps, and a policy-gradient
# step; the running reward printed every few episodes: the workflow of pytorch/examples
# reinforcement_learning/reinforce.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln,
# not copied; a short cart-pole simulation written here replaces gymnasium.
import math
import random
from collections import deque
from itertools import count

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.distributions import Categorical


class CartPole:
    """Cart-pole dynamics (Euler steps of the classic equations), episodes capped at max_steps."""

    def __init__(self, max_steps=60):
        self.max_steps = max_steps
        self.rng = random.Random(543)

    def reset(self):
        self.state = [self.rng.uniform(-0.05, 0.05) for _ in range(4)]
        self.steps = 0
        return list(self.state)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + 0.05 * theta_dot ** 2 * sintheta) / 1.1
        thetaacc = (9.8 * sintheta - costheta * temp) / (0.5 * (4.0 / 3.0 - 0.1 * costheta ** 2 / 1.1))
        xacc = temp - 0.05 * thetaacc * costheta / 1.1
        x, x_dot = x + 0.02 * x_dot, x_dot + 0.02 * xacc
        theta, theta_dot = theta + 0.02 * theta_dot, theta_dot + 0.02 * thetaacc
        self.state = [x, x_dot, theta, theta_dot]
        self.steps += 1
        terminated = abs(x) > 2.4 or abs(theta) > 12 * 2 * math.pi / 360
        truncated = self.steps >= self.max_steps
        return list(self.state), 1.0, terminated, truncated


class Policy(nn.Module):
    def __init__(self):
        super(Policy, self).__init__()
        self.affine1 = nn.Linear(4, 32)
        self.dropout = nn.Dropout(p=0.6)
        self.affine2 = nn.Linear(32, 2)
        self.saved_log_probs = []
        self.rewards = []

    def forward(self, x):
        x = F.relu(self.dropout(self.affine1(x)))
        return F.softmax(self.affine2(x), dim=1)


torch.manual_seed(543)
env = CartPole()
policy = Policy()
optimizer = optim.Adam(policy.parameters(), lr=1e-2)
eps = torch.finfo(torch.float32).eps
gamma = 0.99


def select_action(state):
    state = torch.tensor(state).float().unsqueeze(0)
    probs = policy(state)
    m = Categorical(probs)
    action = m.sample()
    policy.saved_log_probs.append(m.log_prob(action))
    return action.item()


def finish_episode():
    R = 0
    policy_loss = []
    returns = deque()
    for r in policy.rewards[::-1]:
        R = r + gamma * R
        returns.appendleft(R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    for log_prob, R in zip(policy.saved_log_probs, returns):
        policy_loss.append(-log_prob * R)
    optimizer.zero_grad()
    policy_loss = torch.cat(policy_loss).sum()
    policy_loss.backward()
    optimizer.step()
    del policy.rewards[:]
    del policy.saved_log_probs[:]
    return policy_loss.item()


running_reward = 10
for i_episode in count(1):
    state, ep_reward = env.reset(), 0
    for t in range(1, 10000):
        action = select_action(state)
        state, reward, terminated, truncated = env.step(action)
        policy.rewards.append(reward)
        ep_reward += reward
        if terminated or truncated:
            break
    running_reward = 0.05 * ep_reward + (1 - 0.05) * running_reward
    loss = finish_episode()
    if i_episode % 5 == 0:
        print(f'Episode {i_episode}\tLast reward: {ep_reward:.2f}\tAverage reward: {running_reward:.2f}\tloss {loss:.4f}')
    if i_episode >= 20:
        break
