# Real-program corpus (tests/realworld, see README.md): single-file RL algorithms in the style of
# seungeunrho/minimalRL (REINFORCE.py, dqn.py, ppo.py, ppo-continuous.py @
# c8efed8481e3cd40e9739cfde220a55522555b57): module-level hyperparameters, a collections.deque replay
# buffer whose sample() builds tensors from lists of numpy states, Categorical and Normal policies,
# PPO's make_batch over rollouts of (state, one-element action tensor, reward, ...) tuples turned into
# tensors by torch.tensor of nested lists, GAE computed backwards in Python, smooth_l1_loss, clamp
# ratios, and the "# of episode :N, avg score : X" logs. Written for Kiln, not copied; a small
# CartPole and Pendulum written here replace gym (new API: reset() -> (s, info), 5-tuple step()).
import collections
import math
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.distributions import Categorical, Normal

# Hyperparameters
learning_rate = 0.0005
gamma = 0.98
lmbda = 0.95
eps_clip = 0.1
K_epoch = 3
T_horizon = 20
buffer_limit = 5000
batch_size = 16


class CartPole:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def reset(self):
        self.s = [self.rng.uniform(-0.05, 0.05) for _ in range(4)]
        self.t = 0
        return np.array(self.s, dtype=np.float32), {}

    def step(self, a):
        x, xd, th, thd = self.s
        f = 10.0 if a == 1 else -10.0
        ct, st = math.cos(th), math.sin(th)
        tmp = (f + 0.05 * thd * thd * st) / 1.1
        tha = (9.8 * st - ct * tmp) / (0.5 * (4.0 / 3.0 - 0.1 * ct * ct / 1.1))
        xa = tmp - 0.05 * tha * ct / 1.1
        self.s = [x + 0.02 * xd, xd + 0.02 * xa, th + 0.02 * thd, thd + 0.02 * tha]
        self.t += 1
        done = abs(self.s[0]) > 2.4 or abs(self.s[2]) > 0.2095
        return np.array(self.s, dtype=np.float32), 1.0, done, self.t >= 25, {}


class Pendulum:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def reset(self):
        self.th, self.thd, self.t = self.rng.uniform(-math.pi, math.pi), self.rng.uniform(-1, 1), 0
        return self._obs(), {}

    def _obs(self):
        return np.array([math.cos(self.th), math.sin(self.th), self.thd], dtype=np.float32)

    def step(self, u):
        u = min(max(float(u[0]), -2.0), 2.0)
        an = ((self.th + math.pi) % (2 * math.pi)) - math.pi
        cost = an ** 2 + 0.1 * self.thd ** 2 + 0.001 * u ** 2
        self.thd = min(max(self.thd + (15.0 * math.sin(self.th) + 3.0 * u) * 0.05, -8.0), 8.0)
        self.th += self.thd * 0.05
        self.t += 1
        return self._obs(), -cost, False, self.t >= 20, {}


class Policy(nn.Module):
    def __init__(self):
        super(Policy, self).__init__()
        self.data = []
        self.fc1 = nn.Linear(4, 32)
        self.fc2 = nn.Linear(32, 2)
        self.optimizer = optim.Adam(self.parameters(), lr=0.002)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return F.softmax(self.fc2(x), dim=0)

    def put_data(self, item):
        self.data.append(item)

    def train_net(self):
        R = 0
        self.optimizer.zero_grad()
        for r, prob in self.data[::-1]:
            R = r + gamma * R
            loss = -torch.log(prob) * R
            loss.backward()
        self.optimizer.step()
        self.data = []


def reinforce():
    env = CartPole(1)
    pi = Policy()
    score = 0.0
    for n_epi in range(12):
        s, _ = env.reset()
        done = False
        while not done:
            prob = pi(torch.from_numpy(s).float())
            m = Categorical(prob)
            a = m.sample()
            s_prime, r, done, truncated, info = env.step(a.item())
            pi.put_data((r, prob[a]))
            s = s_prime
            score += r
            done = done or truncated
        pi.train_net()
        if n_epi % 4 == 0 and n_epi != 0:
            print("# of episode :{}, avg score : {}".format(n_epi, score / 4))
            score = 0.0


class ReplayBuffer():
    def __init__(self):
        self.buffer = collections.deque(maxlen=buffer_limit)

    def put(self, transition):
        self.buffer.append(transition)

    def sample(self, n):
        mini_batch = random.sample(self.buffer, n)
        s_lst, a_lst, r_lst, s_prime_lst, done_mask_lst = [], [], [], [], []
        for transition in mini_batch:
            s, a, r, s_prime, done_mask = transition
            s_lst.append(s)
            a_lst.append([a])
            r_lst.append([r])
            s_prime_lst.append(s_prime)
            done_mask_lst.append([done_mask])
        return torch.tensor(s_lst, dtype=torch.float), torch.tensor(a_lst), \
            torch.tensor(r_lst), torch.tensor(s_prime_lst, dtype=torch.float), \
            torch.tensor(done_mask_lst)

    def size(self):
        return len(self.buffer)


class Qnet(nn.Module):
    def __init__(self):
        super(Qnet, self).__init__()
        self.fc1 = nn.Linear(4, 32)
        self.fc2 = nn.Linear(32, 2)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))

    def sample_action(self, obs, epsilon):
        out = self.forward(obs)
        if random.random() < epsilon:
            return random.randint(0, 1)
        return out.argmax().item()


def dqn():
    env = CartPole(2)
    q, q_target = Qnet(), Qnet()
    q_target.load_state_dict(q.state_dict())
    memory = ReplayBuffer()
    optimizer = optim.Adam(q.parameters(), lr=learning_rate)
    score = 0.0
    for n_epi in range(12):
        epsilon = max(0.01, 0.08 - 0.01 * (n_epi / 200))
        s, _ = env.reset()
        done = False
        while not done:
            a = q.sample_action(torch.from_numpy(s).float(), epsilon)
            s_prime, r, done, truncated, info = env.step(a)
            memory.put((s, a, r / 100.0, s_prime, 0.0 if done else 1.0))
            s = s_prime
            score += r
            done = done or truncated
        if memory.size() > 64:
            for i in range(3):
                s_b, a_b, r_b, sp_b, mask_b = memory.sample(batch_size)
                q_a = q(s_b).gather(1, a_b)
                max_q_prime = q_target(sp_b).max(1)[0].unsqueeze(1)
                target = r_b + gamma * max_q_prime * mask_b
                loss = F.smooth_l1_loss(q_a, target)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        if n_epi % 4 == 0 and n_epi != 0:
            q_target.load_state_dict(q.state_dict())
            print("n_episode :{}, score : {:.1f}, n_buffer : {}, eps : {:.1f}%".format(
                n_epi, score / 4, memory.size(), epsilon * 100))
            score = 0.0


class PPO(nn.Module):
    def __init__(self):
        super(PPO, self).__init__()
        self.data = []
        self.fc1 = nn.Linear(4, 32)
        self.fc_pi = nn.Linear(32, 2)
        self.fc_v = nn.Linear(32, 1)
        self.optimizer = optim.Adam(self.parameters(), lr=learning_rate)

    def pi(self, x, softmax_dim=0):
        return F.softmax(self.fc_pi(F.relu(self.fc1(x))), dim=softmax_dim)

    def v(self, x):
        return self.fc_v(F.relu(self.fc1(x)))

    def put_data(self, transition):
        self.data.append(transition)

    def make_batch(self):
        s_lst, a_lst, r_lst, s_prime_lst, prob_a_lst, done_lst = [], [], [], [], [], []
        for transition in self.data:
            s, a, r, s_prime, prob_a, done = transition
            s_lst.append(s)
            a_lst.append([a])
            r_lst.append([r])
            s_prime_lst.append(s_prime)
            prob_a_lst.append([prob_a])
            done_lst.append([0 if done else 1])
        s, a, r, s_prime, done_mask, prob_a = torch.tensor(s_lst, dtype=torch.float), torch.tensor(a_lst), \
            torch.tensor(r_lst), torch.tensor(s_prime_lst, dtype=torch.float), \
            torch.tensor(done_lst, dtype=torch.float), torch.tensor(prob_a_lst)
        self.data = []
        return s, a, r, s_prime, done_mask, prob_a

    def train_net(self):
        s, a, r, s_prime, done_mask, prob_a = self.make_batch()
        for i in range(K_epoch):
            td_target = r + gamma * self.v(s_prime) * done_mask
            delta = (td_target - self.v(s)).detach().numpy()
            advantage_lst = []
            advantage = 0.0
            for delta_t in delta[::-1]:
                advantage = gamma * lmbda * advantage + delta_t[0]
                advantage_lst.append([advantage])
            advantage_lst.reverse()
            advantage = torch.tensor(advantage_lst, dtype=torch.float)
            pi_a = self.pi(s, softmax_dim=1).gather(1, a)
            ratio = torch.exp(torch.log(pi_a) - torch.log(prob_a))
            surr1 = ratio * advantage
            surr2 = torch.clamp(ratio, 1 - eps_clip, 1 + eps_clip) * advantage
            loss = -torch.min(surr1, surr2) + F.smooth_l1_loss(self.v(s), td_target.detach())
            self.optimizer.zero_grad()
            loss.mean().backward()
            self.optimizer.step()
        return loss.mean().item()


def ppo():
    env = CartPole(3)
    model = PPO()
    score = 0.0
    for n_epi in range(8):
        s, _ = env.reset()
        done = False
        while not done:
            for t in range(T_horizon):
                prob = model.pi(torch.from_numpy(s).float())
                a = Categorical(prob).sample().item()
                s_prime, r, done, truncated, info = env.step(a)
                model.put_data((s, a, r / 100.0, s_prime, prob[a].item(), done))
                s = s_prime
                score += r
                if done or truncated:
                    done = True
                    break
            last = model.train_net()
        if n_epi % 4 == 0 and n_epi != 0:
            print("# of episode :{}, avg score : {:.1f}, loss : {:.4f}".format(n_epi, score / 4, last))
            score = 0.0


class PPOContinuous(nn.Module):
    def __init__(self):
        super(PPOContinuous, self).__init__()
        self.data = []
        self.fc1 = nn.Linear(3, 32)
        self.fc_mu = nn.Linear(32, 1)
        self.fc_std = nn.Linear(32, 1)
        self.fc_v = nn.Linear(32, 1)
        self.optimizer = optim.Adam(self.parameters(), lr=0.0003)

    def pi(self, x):
        x = F.relu(self.fc1(x))
        return 2.0 * torch.tanh(self.fc_mu(x)), F.softplus(self.fc_std(x))

    def v(self, x):
        return self.fc_v(F.relu(self.fc1(x)))

    def make_batch(self, minibatch_size):
        s_batch, a_batch, r_batch, s_prime_batch, prob_a_batch, done_batch = [], [], [], [], [], []
        for i in range(minibatch_size):
            rollout = self.data.pop()
            s_lst, a_lst, r_lst, s_prime_lst, prob_a_lst, done_lst = [], [], [], [], [], []
            for transition in rollout:
                s, a, r, s_prime, prob_a, done = transition
                s_lst.append(s)
                a_lst.append([a])
                r_lst.append([r])
                s_prime_lst.append(s_prime)
                prob_a_lst.append([prob_a])
                done_lst.append([0 if done else 1])
            s_batch.append(s_lst)
            a_batch.append(a_lst)
            r_batch.append(r_lst)
            s_prime_batch.append(s_prime_lst)
            prob_a_batch.append(prob_a_lst)
            done_batch.append(done_lst)
        # a_batch holds one-element action tensors inside lists: each tensor is a leaf (its item)
        return torch.tensor(s_batch, dtype=torch.float), torch.tensor(a_batch, dtype=torch.float), \
            torch.tensor(r_batch, dtype=torch.float), torch.tensor(s_prime_batch, dtype=torch.float), \
            torch.tensor(done_batch, dtype=torch.float), torch.tensor(prob_a_batch, dtype=torch.float)

    def train_net(self):
        s, a, r, s_prime, done_mask, old_log_prob = self.make_batch(2)
        print("batch shapes:", tuple(s.shape), tuple(a.shape), tuple(old_log_prob.shape))
        td_target = r + gamma * self.v(s_prime) * done_mask
        mu, std = self.pi(s)
        log_prob = Normal(mu, std).log_prob(a)
        ratio = torch.exp(log_prob - old_log_prob)
        advantage = (td_target - self.v(s)).detach()
        surr1 = ratio * advantage
        surr2 = torch.clamp(ratio, 1 - 0.2, 1 + 0.2) * advantage
        loss = -torch.min(surr1, surr2) + F.smooth_l1_loss(self.v(s), td_target)
        self.optimizer.zero_grad()
        loss.mean().backward()
        nn.utils.clip_grad_norm_(self.parameters(), 1.0)
        self.optimizer.step()
        return loss.mean().item()


def ppo_continuous():
    env = Pendulum(4)
    model = PPOContinuous()
    rollout = []
    for n_epi in range(2):
        s, _ = env.reset()
        done = False
        while not done:
            for t in range(5):
                mu, std = model.pi(torch.from_numpy(s).float())
                dist = Normal(mu, std)
                a = dist.sample()
                log_prob = dist.log_prob(a)
                s_prime, r, done, truncated, info = env.step([a.item()])
                rollout.append((s, a, r / 10.0, s_prime, log_prob.item(), done))
                if len(rollout) == 5:
                    model.data.append(rollout)
                    rollout = []
                s = s_prime
                if truncated:
                    done = True
                    break
            if len(model.data) >= 2:
                print("ppo-continuous loss : {:.4f}".format(model.train_net()))


if __name__ == '__main__':
    torch.manual_seed(0)
    random.seed(0)
    reinforce()
    dqn()
    ppo()
    ppo_continuous()
