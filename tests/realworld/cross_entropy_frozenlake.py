# Real-program corpus (tests/realworld, see README.md): the cross-entropy method and tabular
# Q-iteration of "Deep Reinforcement Learning Hands-On" (2nd ed.), chapters 4 and 5: a
# gym.ObservationWrapper subclass that one-hot encodes a Discrete observation through
# np.copy(observation_space.low), a namedtuple Episode/EpisodeStep pipeline driven by a generator
# that yields batches, nn.Softmax(dim=1) over torch.FloatTensor([obs]), np.random.choice(p=...),
# np.percentile of discounted rewards (reward * GAMMA ** len(steps)), `full_batch + batch` elite
# accumulation, torch.FloatTensor/LongTensor of lists, CrossEntropyLoss, "%d: loss=%.3f" logs;
# then the Q-iteration agent with collections.defaultdict(float) and
# defaultdict(collections.Counter) transition counts, `for reward, steps in batch` unpacking of
# namedtuples, and the print("Best reward updated %.3f -> %.3f") loop.
# Origin: PacktPublishing/Deep-Reinforcement-Learning-Hands-On-Second-Edition
# Chapter04/01_cartpole.py @ 0d54a79ed781519ed35c57152fc95e93b97cf8d1,
# Chapter04/03_frozenlake_tweaked.py @ d4c00463c7c44b022ff33d04b48fae938202ee4e,
# Chapter05/02_frozenlake_q_iteration.py @ c4d5255450b2c5f49d41578510adcd148126dc79.
# Written for Kiln, not copied. Changes: gym's Env/ObservationWrapper/spaces and a 4x4 slippery
# FrozenLake are written here (same map and rules, seeded NumPy RNG) instead of `import gym`;
# tensorboardX's SummaryWriter is replaced by a dict of scalar lists; BATCH_SIZE 100 -> 16,
# HIDDEN_SIZE 128 -> 32, 6 training iterations and 8 Q-iteration rounds of 300 random steps (100 in the book)
# instead of "until solved".
import collections
import random
from collections import namedtuple

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim


# ---- a minimal stand-in for the parts of gym the book uses ----
class Discrete:
    def __init__(self, n, rng):
        self.n = n
        self.rng = rng

    def sample(self):
        return int(self.rng.randint(self.n))


class Box:
    def __init__(self, low, high, shape, dtype=np.float32):
        self.low = np.full(shape, low, dtype=dtype)
        self.high = np.full(shape, high, dtype=dtype)
        self.shape = shape
        self.dtype = dtype


class Env:
    def reset(self):
        raise NotImplementedError

    def step(self, action):
        raise NotImplementedError


class Wrapper(Env):
    def __init__(self, env):
        self.env = env
        self.observation_space = env.observation_space
        self.action_space = env.action_space

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(f"attempted to get missing private attribute '{name}'")
        return getattr(self.env, name)


class ObservationWrapper(Wrapper):
    def reset(self, **kwargs):
        return self.observation(self.env.reset(**kwargs))

    def step(self, action):
        observation, reward, done, info = self.env.step(action)
        return self.observation(observation), reward, done, info

    def observation(self, observation):
        raise NotImplementedError


class FrozenLake(Env):
    MAP = ["SFFF", "FHFH", "FFFH", "HFFG"]

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)
        self.nrow, self.ncol = 4, 4
        self.observation_space = Discrete(16, self.rng)
        self.action_space = Discrete(4, self.rng)
        self.s = 0

    def reset(self):
        self.s = 0
        return self.s

    def _move(self, row, col, a):
        if a == 0:
            col = max(col - 1, 0)
        elif a == 1:
            row = min(row + 1, self.nrow - 1)
        elif a == 2:
            col = min(col + 1, self.ncol - 1)
        elif a == 3:
            row = max(row - 1, 0)
        return row, col

    def step(self, action):
        # slippery ice: the intended move or one of the two perpendicular ones, each 1/3
        a = [(action - 1) % 4, action, (action + 1) % 4][self.rng.randint(3)]
        row, col = self._move(self.s // self.ncol, self.s % self.ncol, a)
        self.s = row * self.ncol + col
        letter = self.MAP[row][col]
        done = letter in "GH"
        reward = 1.0 if letter == "G" else 0.0
        return self.s, reward, done, {"prob": 1.0 / 3}


class SummaryWriter:
    def __init__(self, comment=""):
        self.comment = comment
        self.scalars = collections.defaultdict(list)

    def add_scalar(self, tag, value, step):
        self.scalars[tag].append((step, value))

    def close(self):
        pass


# ---- chapter 4: cross-entropy on FrozenLake (tweaked) ----
HIDDEN_SIZE = 32
BATCH_SIZE = 16
PERCENTILE = 30
GAMMA = 0.9


class DiscreteOneHotWrapper(ObservationWrapper):
    def __init__(self, env):
        super(DiscreteOneHotWrapper, self).__init__(env)
        assert isinstance(env.observation_space, Discrete)
        self.observation_space = Box(0.0, 1.0, (env.observation_space.n, ), dtype=np.float32)

    def observation(self, observation):
        res = np.copy(self.observation_space.low)
        res[observation] = 1.0
        return res


class Net(nn.Module):
    def __init__(self, obs_size, hidden_size, n_actions):
        super(Net, self).__init__()
        self.net = nn.Sequential(
            nn.Linear(obs_size, hidden_size),
            nn.ReLU(),
            nn.Linear(hidden_size, n_actions)
        )

    def forward(self, x):
        return self.net(x)


Episode = namedtuple('Episode', field_names=['reward', 'steps'])
EpisodeStep = namedtuple('EpisodeStep', field_names=['observation', 'action'])


def iterate_batches(env, net, batch_size):
    batch = []
    episode_reward = 0.0
    episode_steps = []
    obs = env.reset()
    sm = nn.Softmax(dim=1)
    while True:
        obs_v = torch.FloatTensor(np.array([obs]))
        act_probs_v = sm(net(obs_v))
        act_probs = act_probs_v.data.numpy()[0]
        action = np.random.choice(len(act_probs), p=act_probs)
        next_obs, reward, is_done, _ = env.step(action)
        episode_reward += reward
        episode_steps.append(EpisodeStep(observation=obs, action=action))
        if is_done:
            batch.append(Episode(reward=episode_reward, steps=episode_steps))
            episode_reward = 0.0
            episode_steps = []
            next_obs = env.reset()
            if len(batch) == batch_size:
                yield batch
                batch = []
        obs = next_obs


def filter_batch(batch, percentile):
    filter_fun = lambda s: s.reward * (GAMMA ** len(s.steps))
    disc_rewards = list(map(filter_fun, batch))
    reward_bound = np.percentile(disc_rewards, percentile)

    train_obs = []
    train_act = []
    elite_batch = []
    for example, discounted_reward in zip(batch, disc_rewards):
        if discounted_reward > reward_bound:
            train_obs.extend(map(lambda step: step.observation, example.steps))
            train_act.extend(map(lambda step: step.action, example.steps))
            elite_batch.append(example)

    return elite_batch, train_obs, train_act, reward_bound


def filter_batch_cartpole(batch, percentile):
    rewards = list(map(lambda s: s.reward, batch))
    reward_bound = np.percentile(rewards, percentile)
    reward_mean = float(np.mean(rewards))
    train_obs = []
    train_act = []
    for reward, steps in batch:
        if reward < reward_bound:
            continue
        train_obs.extend(map(lambda step: step.observation, steps))
        train_act.extend(map(lambda step: step.action, steps))
    train_obs_v = torch.FloatTensor(np.array(train_obs))
    train_act_v = torch.LongTensor(train_act)
    return train_obs_v, train_act_v, reward_bound, reward_mean


random.seed(12345)
np.random.seed(12345)
torch.manual_seed(12345)
env = DiscreteOneHotWrapper(FrozenLake(seed=7))
obs_size = env.observation_space.shape[0]
n_actions = env.action_space.n
print("obs_size", obs_size, "n_actions", n_actions, "nrow via __getattr__", env.nrow)

net = Net(obs_size, HIDDEN_SIZE, n_actions)
print(net)
objective = nn.CrossEntropyLoss()
optimizer = optim.Adam(params=net.parameters(), lr=0.01)
writer = SummaryWriter(comment="-frozenlake-tweaked")

full_batch = []
for iter_no, batch in enumerate(iterate_batches(env, net, BATCH_SIZE)):
    reward_mean = float(np.mean(list(map(lambda s: s.reward, batch))))
    # the undiscounted filter of the CartPole version, on the same batch
    o_v, a_v, rb, rm = filter_batch_cartpole(batch, 70)
    full_batch, obs, acts, reward_bound = filter_batch(full_batch + batch, PERCENTILE)
    if not full_batch:
        print("%d: no elite episodes (rw_mean=%.3f, cartpole bound=%.1f, %d steps)"
              % (iter_no, reward_mean, rb, o_v.shape[0]))
        if iter_no >= 5:
            break
        continue
    obs_v = torch.FloatTensor(np.array(obs))
    acts_v = torch.LongTensor(acts)
    full_batch = full_batch[-500:]

    optimizer.zero_grad()
    action_scores_v = net(obs_v)
    loss_v = objective(action_scores_v, acts_v)
    loss_v.backward()
    optimizer.step()
    print("%d: loss=%.3f, rw_mean=%.3f, "
          "rw_bound=%.3f, batch=%d" % (
              iter_no, loss_v.item(), reward_mean,
              reward_bound, len(full_batch)))
    writer.add_scalar("loss", loss_v.item(), iter_no)
    writer.add_scalar("reward_mean", reward_mean, iter_no)
    writer.add_scalar("reward_bound", reward_bound, iter_no)
    if iter_no >= 5:
        break
writer.close()
print({k: len(v) for k, v in writer.scalars.items()})


# ---- chapter 5: Q-iteration ----
TEST_EPISODES = 10


class Agent:
    def __init__(self):
        self.env = FrozenLake(seed=3)
        self.state = self.env.reset()
        self.rewards = collections.defaultdict(float)
        self.transits = collections.defaultdict(collections.Counter)
        self.values = collections.defaultdict(float)

    def play_n_random_steps(self, count):
        for _ in range(count):
            action = self.env.action_space.sample()
            new_state, reward, is_done, _ = self.env.step(action)
            self.rewards[(self.state, action, new_state)] = reward
            self.transits[(self.state, action)][new_state] += 1
            self.state = self.env.reset() if is_done else new_state

    def select_action(self, state):
        best_action, best_value = None, None
        for action in range(self.env.action_space.n):
            action_value = self.values[(state, action)]
            if best_value is None or best_value < action_value:
                best_value = action_value
                best_action = action
        return best_action

    def play_episode(self, env):
        total_reward = 0.0
        state = env.reset()
        while True:
            action = self.select_action(state)
            new_state, reward, is_done, _ = env.step(action)
            self.rewards[(state, action, new_state)] = reward
            self.transits[(state, action)][new_state] += 1
            total_reward += reward
            if is_done:
                break
            state = new_state
        return total_reward

    def value_iteration(self):
        for state in range(self.env.observation_space.n):
            for action in range(self.env.action_space.n):
                action_value = 0.0
                target_counts = self.transits[(state, action)]
                total = sum(target_counts.values())
                for tgt_state, count in target_counts.items():
                    key = (state, action, tgt_state)
                    reward = self.rewards[key]
                    best_action = self.select_action(tgt_state)
                    val = reward + GAMMA * \
                        self.values[(tgt_state, best_action)]
                    action_value += (count / total) * val
                self.values[(state, action)] = action_value


test_env = FrozenLake(seed=11)
agent = Agent()
q_writer = SummaryWriter(comment="-q-iteration")
iter_no = 0
best_reward = 0.0
while iter_no < 8:
    iter_no += 1
    agent.play_n_random_steps(300)
    agent.value_iteration()

    reward = 0.0
    for _ in range(TEST_EPISODES):
        reward += agent.play_episode(test_env)
    reward /= TEST_EPISODES
    q_writer.add_scalar("reward", reward, iter_no)
    if reward > best_reward:
        print("Best reward updated %.3f -> %.3f" % (best_reward, reward))
        best_reward = reward
print("iterations:", iter_no, "best:", best_reward)
print("known transitions:", len(agent.transits), "most common from start:",
      agent.transits[(0, 2)].most_common(2))
print("V(start) = %.4f" % max(agent.values[(0, a)] for a in range(4)))
policy = "".join("LDRU"[agent.select_action(s)] for s in range(16))
print("greedy policy:", policy)
