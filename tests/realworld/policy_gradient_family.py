# The policy-gradient family on CartPole: REINFORCE, actor-critic, A2C with GAE and PPO, each trained
# for a few episodes with the notebooks' train/evaluate loops and progress lines.
#
# Origin: bentrevett/pytorch-rl "1 - Vanilla Policy Gradient (REINFORCE) [CartPole].ipynb",
# "3 - Advantage Actor Critic (A2C) [CartPole].ipynb", "4 - Generalized Advantage Estimation (GAE)
# [CartPole].ipynb", "5 - Proximal Policy Optimization (PPO) [CartPole].ipynb" and n_step_a2c.py
# @ 7f43f3df. Written for Kiln following their structure; changed: gym (third-party) is replaced by a
# hand-written CartPole with gym's physics and the old reset()/step() API, episodes are capped at 100
# steps, 6 episodes per algorithm instead of 500, hidden size 32. Exercises: Module.apply init with
# xavier_normal_, Dropout in the policy, Categorical sampling and log_prob, normalized discounted
# returns, GAE, detached advantages, the PPO clipped surrogate with several epochs over stored
# states, smooth_l1_loss for the critic, np.mean over a deque and list slices, pyplot's hlines.
import math
import random
from collections import deque

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.distributions as distributions
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class CartPole:
    # gym's CartPole-v1 dynamics (Euler steps of 0.02 s), reward 1 per step
    def __init__(self, max_steps=100):
        self.max_steps = max_steps
        self.rng = random.Random(0)
        self.observation_shape = (4,)
        self.n_actions = 2

    def seed(self, s):
        self.rng = random.Random(s)

    def reset(self):
        self.state = [self.rng.uniform(-0.05, 0.05) for _ in range(4)]
        self.t = 0
        return np.array(self.state, dtype=np.float32)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        cos, sin = math.cos(theta), math.sin(theta)
        temp = (force + 0.05 * theta_dot ** 2 * sin) / 1.1
        theta_acc = (9.8 * sin - cos * temp) / (0.5 * (4.0 / 3.0 - 0.1 * cos ** 2 / 1.1))
        x_acc = temp - 0.05 * theta_acc * cos / 1.1
        x, x_dot = x + 0.02 * x_dot, x_dot + 0.02 * x_acc
        theta, theta_dot = theta + 0.02 * theta_dot, theta_dot + 0.02 * theta_acc
        self.state = [x, x_dot, theta, theta_dot]
        self.t += 1
        done = abs(x) > 2.4 or abs(theta) > 12 * 2 * math.pi / 360 or self.t >= self.max_steps
        return np.array(self.state, dtype=np.float32), 1.0, done, {}


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, dropout=0.5):
        super().__init__()
        self.fc_1 = nn.Linear(input_dim, hidden_dim)
        self.fc_2 = nn.Linear(hidden_dim, output_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.fc_2(F.relu(self.dropout(self.fc_1(x))))


class ActorCritic(nn.Module):
    def __init__(self, actor, critic):
        super().__init__()
        self.actor = actor
        self.critic = critic

    def forward(self, state):
        return self.actor(state), self.critic(state)


def init_weights(m):
    if type(m) == nn.Linear:
        torch.nn.init.xavier_normal_(m.weight)
        m.bias.data.fill_(0)


def calculate_returns(rewards, discount_factor, normalize=True):
    returns = []
    R = 0
    for r in reversed(rewards):
        R = r + R * discount_factor
        returns.insert(0, R)
    returns = torch.tensor(returns)
    if normalize:
        returns = (returns - returns.mean()) / returns.std()
    return returns


def calculate_advantages(rewards, values, discount_factor, trace_decay, normalize=True):
    # generalized advantage estimation, walking the episode backwards
    advantages = []
    advantage = 0
    next_value = 0
    for r, v in zip(reversed(rewards), reversed(values)):
        td_error = r + next_value * discount_factor - v
        advantage = td_error + advantage * discount_factor * trace_decay
        next_value = v
        advantages.insert(0, advantage)
    advantages = torch.tensor(advantages)
    if normalize:
        advantages = (advantages - advantages.mean()) / advantages.std()
    return advantages


def run_episode(env, policy, with_values):
    states, actions, log_probs, values, rewards = [], [], [], [], []
    done = False
    episode_reward = 0
    state = env.reset()
    while not done:
        state = torch.FloatTensor(state).unsqueeze(0)
        states.append(state)
        if with_values:
            action_pred, value_pred = policy(state)
            values.append(value_pred)
        else:
            action_pred = policy(state)
        dist = distributions.Categorical(F.softmax(action_pred, dim=-1))
        action = dist.sample()
        log_probs.append(dist.log_prob(action))
        actions.append(action)
        state, reward, done, _ = env.step(action.item())
        rewards.append(reward)
        episode_reward += reward
    return states, actions, torch.cat(log_probs), values, rewards, episode_reward


def train_reinforce(env, policy, optimizer, discount_factor):
    policy.train()
    _, _, log_probs, _, rewards, episode_reward = run_episode(env, policy, False)
    returns = calculate_returns(rewards, discount_factor).detach()
    loss = -(returns * log_probs).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item(), episode_reward


def train_a2c(env, policy, optimizer, discount_factor, trace_decay):
    policy.train()
    _, _, log_probs, values, rewards, episode_reward = run_episode(env, policy, True)
    values = torch.cat(values).squeeze(-1)
    returns = calculate_returns(rewards, discount_factor)
    advantages = calculate_advantages(rewards, values.detach().tolist(), discount_factor, trace_decay)
    policy_loss = -(advantages * log_probs).sum()
    value_loss = F.smooth_l1_loss(returns, values).sum()
    optimizer.zero_grad()
    policy_loss.backward()
    value_loss.backward()
    optimizer.step()
    return policy_loss.item(), value_loss.item(), episode_reward


def train_ppo(env, policy, optimizer, discount_factor, ppo_steps, ppo_clip):
    policy.train()
    states, actions, log_probs, values, rewards, episode_reward = run_episode(env, policy, True)
    states = torch.cat(states)
    actions = torch.cat(actions)
    values = torch.cat(values).squeeze(-1)
    returns = calculate_returns(rewards, discount_factor)
    advantages = returns - values
    advantages = (advantages - advantages.mean()) / advantages.std()
    states, actions, log_probs, advantages = states.detach(), actions.detach(), log_probs.detach(), advantages.detach()
    total_policy_loss = 0
    total_value_loss = 0
    for _ in range(ppo_steps):
        action_pred, value_pred = policy(states)
        value_pred = value_pred.squeeze(-1)
        dist = distributions.Categorical(F.softmax(action_pred, dim=-1))
        new_log_probs = dist.log_prob(actions)
        policy_ratio = (new_log_probs - log_probs).exp()
        policy_loss_1 = policy_ratio * advantages
        policy_loss_2 = torch.clamp(policy_ratio, min=1.0 - ppo_clip, max=1.0 + ppo_clip) * advantages
        policy_loss = -torch.min(policy_loss_1, policy_loss_2).sum()
        value_loss = F.smooth_l1_loss(returns, value_pred).sum()
        optimizer.zero_grad()
        policy_loss.backward()
        value_loss.backward()
        optimizer.step()
        total_policy_loss += policy_loss.item()
        total_value_loss += value_loss.item()
    return total_policy_loss / ppo_steps, total_value_loss / ppo_steps, episode_reward


def evaluate(env, policy):
    policy.eval()
    done = False
    episode_reward = 0
    state = env.reset()
    while not done:
        state = torch.FloatTensor(state).unsqueeze(0)
        with torch.no_grad():
            out = policy(state)
            action_pred = out[0] if isinstance(out, tuple) else out
            action_prob = F.softmax(action_pred, dim=-1)
        action = torch.argmax(action_prob, dim=-1)
        state, reward, done, _ = env.step(action.item())
        episode_reward += reward
    return episode_reward


def main():
    SEED = 1234
    MAX_EPISODES = 6
    DISCOUNT_FACTOR = 0.99
    N_TRIALS = 3
    PRINT_EVERY = 2
    REWARD_THRESHOLD = 90
    train_env, test_env = CartPole(), CartPole()
    train_env.seed(SEED)
    test_env.seed(SEED + 1)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    INPUT_DIM, HIDDEN_DIM, OUTPUT_DIM = train_env.observation_shape[0], 32, train_env.n_actions

    for algo in ("REINFORCE", "A2C-GAE", "PPO"):
        if algo == "REINFORCE":
            policy = MLP(INPUT_DIM, HIDDEN_DIM, OUTPUT_DIM)
        else:
            policy = ActorCritic(MLP(INPUT_DIM, HIDDEN_DIM, OUTPUT_DIM), MLP(INPUT_DIM, HIDDEN_DIM, 1))
        policy.apply(init_weights)
        optimizer = optim.Adam(policy.parameters(), lr=0.01)
        print(f"{algo}: {sum(p.numel() for p in policy.parameters()):,} parameters")
        train_rewards, test_rewards = [], []
        recent = deque(maxlen=N_TRIALS)
        for episode in range(1, MAX_EPISODES + 1):
            if algo == "REINFORCE":
                loss, train_reward = train_reinforce(train_env, policy, optimizer, DISCOUNT_FACTOR)
                losses = f"loss {loss:8.3f}"
            elif algo == "A2C-GAE":
                p_loss, v_loss, train_reward = train_a2c(train_env, policy, optimizer, DISCOUNT_FACTOR, 0.99)
                losses = f"policy {p_loss:8.3f} value {v_loss:7.3f}"
            else:
                p_loss, v_loss, train_reward = train_ppo(train_env, policy, optimizer, DISCOUNT_FACTOR, 3, 0.2)
                losses = f"policy {p_loss:8.3f} value {v_loss:7.3f}"
            test_reward = evaluate(test_env, policy)
            train_rewards.append(train_reward)
            test_rewards.append(test_reward)
            recent.append(test_reward)
            mean_train_rewards = np.mean(train_rewards[-N_TRIALS:])
            mean_test_rewards = np.mean(recent)
            if episode % PRINT_EVERY == 0:
                print(f"| Episode: {episode:3} | Mean Train Rewards: {mean_train_rewards:5.1f} "
                      f"| Mean Test Rewards: {mean_test_rewards:5.1f} | {losses} |")
            if mean_test_rewards >= REWARD_THRESHOLD:
                print(f"Reached reward threshold in {episode} episodes")
                break
        plt.figure(figsize=(12, 8))
        plt.plot(test_rewards, label="Test Reward")
        plt.plot(train_rewards, label="Train Reward")
        plt.xlabel("Episode", fontsize=20)
        plt.ylabel("Reward", fontsize=20)
        line = plt.hlines(REWARD_THRESHOLD, 0, len(test_rewards), color="r")
        plt.legend(loc="lower right")
        plt.grid()
        print("  threshold line", line.get_segments()[0].tolist(), "ylim",
              [round(float(v), 2) for v in plt.gca().get_ylim()])
        plt.close()


if __name__ == "__main__":
    main()
