# Real-program corpus (tests/realworld, see README.md): deep Q-learning with a replay memory: a
# namedtuple Transition, a deque-backed ReplayMemory sampled with random.sample, an epsilon-greedy
# policy with an exponential decay through math.exp, a policy net and a target net updated by a soft
# (tau) update of state_dict entries, Transition(*zip(*transitions)) batching, non-final masks,
# gather/max(1).values, SmoothL1Loss, AdamW(amsgrad=True) and clip_grad_value_: the workflow of
# pytorch/tutorials intermediate_source/reinforcement_q_learning.py @
# deef00a631add29563846f231d59f454b2f7f007. Written for Kiln, not copied; a small grid-walk
# environment written here replaces gymnasium's CartPole.
import math
import random
from collections import deque, namedtuple
from itertools import count

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

Transition = namedtuple('Transition', ('state', 'action', 'next_state', 'reward'))


class ReplayMemory(object):
    def __init__(self, capacity):
        self.memory = deque([], maxlen=capacity)

    def push(self, *args):
        """Save a transition"""
        self.memory.append(Transition(*args))

    def sample(self, batch_size):
        return random.sample(self.memory, batch_size)

    def __len__(self):
        return len(self.memory)


class Walk:
    """A walker on positions 0..6 starting at 3; reaching 6 pays 1, reaching 0 pays -1."""

    def __init__(self):
        self.rng = random.Random(7)

    def reset(self):
        self.pos = 3
        return self.obs()

    def obs(self):
        return [1.0 if i == self.pos else 0.0 for i in range(7)]

    def step(self, action):
        move = 1 if action == 1 else -1
        if self.rng.random() < 0.1:
            move = -move
        self.pos += move
        terminated = self.pos in (0, 6)
        reward = 1.0 if self.pos == 6 else (-1.0 if self.pos == 0 else -0.01)
        return self.obs(), reward, terminated


class DQN(nn.Module):
    def __init__(self, n_observations, n_actions):
        super(DQN, self).__init__()
        self.layer1 = nn.Linear(n_observations, 32)
        self.layer2 = nn.Linear(32, 32)
        self.layer3 = nn.Linear(32, n_actions)

    def forward(self, x):
        x = F.relu(self.layer1(x))
        x = F.relu(self.layer2(x))
        return self.layer3(x)


BATCH_SIZE, GAMMA, EPS_START, EPS_END, EPS_DECAY, TAU, LR = 16, 0.99, 0.9, 0.05, 200, 0.005, 1e-3
random.seed(0)
torch.manual_seed(0)
env = Walk()
policy_net = DQN(7, 2)
target_net = DQN(7, 2)
target_net.load_state_dict(policy_net.state_dict())
optimizer = optim.AdamW(policy_net.parameters(), lr=LR, amsgrad=True)
memory = ReplayMemory(1000)
steps_done = 0


def select_action(state):
    global steps_done
    sample = random.random()
    eps_threshold = EPS_END + (EPS_START - EPS_END) * math.exp(-1. * steps_done / EPS_DECAY)
    steps_done += 1
    if sample > eps_threshold:
        with torch.no_grad():
            return policy_net(state).max(1).indices.view(1, 1)
    return torch.tensor([[random.randint(0, 1)]], dtype=torch.long)


def optimize_model():
    if len(memory) < BATCH_SIZE:
        return None
    transitions = memory.sample(BATCH_SIZE)
    batch = Transition(*zip(*transitions))
    non_final_mask = torch.tensor(tuple(map(lambda s: s is not None, batch.next_state)), dtype=torch.bool)
    non_final_next_states = torch.cat([s for s in batch.next_state if s is not None])
    state_batch = torch.cat(batch.state)
    action_batch = torch.cat(batch.action)
    reward_batch = torch.cat(batch.reward)
    state_action_values = policy_net(state_batch).gather(1, action_batch)
    next_state_values = torch.zeros(BATCH_SIZE)
    with torch.no_grad():
        next_state_values[non_final_mask] = target_net(non_final_next_states).max(1).values
    expected_state_action_values = (next_state_values * GAMMA) + reward_batch
    criterion = nn.SmoothL1Loss()
    loss = criterion(state_action_values, expected_state_action_values.unsqueeze(1))
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_value_(policy_net.parameters(), 100)
    optimizer.step()
    return loss.item()


episode_durations = []
for i_episode in range(12):
    state = torch.tensor(env.reset(), dtype=torch.float32).unsqueeze(0)
    losses = []
    for t in count():
        action = select_action(state)
        observation, reward, terminated = env.step(action.item())
        reward = torch.tensor([reward])
        next_state = None if terminated else torch.tensor(observation, dtype=torch.float32).unsqueeze(0)
        memory.push(state, action, next_state, reward)
        state = next_state
        loss = optimize_model()
        if loss is not None:
            losses.append(loss)
        target_net_state_dict = target_net.state_dict()
        policy_net_state_dict = policy_net.state_dict()
        for key in policy_net_state_dict:
            target_net_state_dict[key] = policy_net_state_dict[key] * TAU + target_net_state_dict[key] * (1 - TAU)
        target_net.load_state_dict(target_net_state_dict)
        if terminated or t >= 30:
            episode_durations.append(t + 1)
            break
    mean_loss = sum(losses) / len(losses) if losses else float('nan')
    print(f"episode {i_episode}: duration {t + 1}, reward {reward.item():+.2f}, memory {len(memory)}, mean loss {mean_loss:.4f}")
print('Complete', episode_durations, steps_done)
