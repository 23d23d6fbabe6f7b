# Real-program corpus (tests/realworld, see README.md): sfujim/TD3, the reference implementation of
# Twin Delayed DDPG: Actor/Critic MLPs (the critic with twin Q heads and a separate Q1 method),
# copy.deepcopy target networks, Adam(lr=3e-4), target policy smoothing with
# `(torch.randn_like(action) * policy_noise).clamp(-c, c)` under torch.no_grad, clipped double-Q
# targets through torch.min of two tensors, delayed actor updates on `total_it % policy_freq`, Polyak
# averaging through `target_param.data.copy_(tau * param.data + (1 - tau) * target_param.data)`, the
# NumPy ring-buffer ReplayBuffer sampled by fancy indexing into torch.FloatTensor(...).to(device),
# select_action through `.cpu().data.numpy().flatten()`, main.py's argparse flags (float defaults
# with type=int such as `default=25e3`), random warm-up actions from action_space.sample(), Gaussian
# exploration noise clipped with ndarray.clip, TimeLimit-aware done_bool, the periodic evaluation
# over a separately seeded env, np.save of the evaluations, and save/load of the four state dicts.
# Origin: sfujim/TD3 TD3.py and main.py @ 6a9f76101058d674518018ffbb532f5a652c1d37, utils.py
# (ReplayBuffer(state_dim, action_dim)) of the same era.
# Changes: gym is replaced by a hand-written Pendulum-v1 (the classic-control dynamics, a seeded
# RandomState for reset and for the Box action space's sample, _max_episode_steps 20 instead of 200);
# the command line is an explicit list (40 warm-up steps, 100 steps in all, evaluation every 50, 2
# evaluation episodes, batch 32); results/ and models/ go to a temporary directory; the final lines
# print the reloaded policy's action.
import argparse
import copy
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


# ---- TD3.py ----

class Actor(nn.Module):
    def __init__(self, state_dim, action_dim, max_action):
        super(Actor, self).__init__()

        self.l1 = nn.Linear(state_dim, 256)
        self.l2 = nn.Linear(256, 256)
        self.l3 = nn.Linear(256, action_dim)

        self.max_action = max_action

    def forward(self, state):
        a = F.relu(self.l1(state))
        a = F.relu(self.l2(a))
        return self.max_action * torch.tanh(self.l3(a))


class Critic(nn.Module):
    def __init__(self, state_dim, action_dim):
        super(Critic, self).__init__()

        # Q1
        self.l1 = nn.Linear(state_dim + action_dim, 256)
        self.l2 = nn.Linear(256, 256)
        self.l3 = nn.Linear(256, 1)

        # Q2
        self.l4 = nn.Linear(state_dim + action_dim, 256)
        self.l5 = nn.Linear(256, 256)
        self.l6 = nn.Linear(256, 1)

    def forward(self, state, action):
        sa = torch.cat([state, action], 1)

        q1 = F.relu(self.l1(sa))
        q1 = F.relu(self.l2(q1))
        q1 = self.l3(q1)

        q2 = F.relu(self.l4(sa))
        q2 = F.relu(self.l5(q2))
        q2 = self.l6(q2)
        return q1, q2

    def Q1(self, state, action):
        sa = torch.cat([state, action], 1)

        q1 = F.relu(self.l1(sa))
        q1 = F.relu(self.l2(q1))
        q1 = self.l3(q1)
        return q1


class TD3(object):
    def __init__(
        self,
        state_dim,
        action_dim,
        max_action,
        discount=0.99,
        tau=0.005,
        policy_noise=0.2,
        noise_clip=0.5,
        policy_freq=2
    ):

        self.actor = Actor(state_dim, action_dim, max_action).to(device)
        self.actor_target = copy.deepcopy(self.actor)
        self.actor_optimizer = torch.optim.Adam(self.actor.parameters(), lr=3e-4)

        self.critic = Critic(state_dim, action_dim).to(device)
        self.critic_target = copy.deepcopy(self.critic)
        self.critic_optimizer = torch.optim.Adam(self.critic.parameters(), lr=3e-4)

        self.max_action = max_action
        self.discount = discount
        self.tau = tau
        self.policy_noise = policy_noise
        self.noise_clip = noise_clip
        self.policy_freq = policy_freq

        self.total_it = 0

    def select_action(self, state):
        state = torch.FloatTensor(state.reshape(1, -1)).to(device)
        return self.actor(state).cpu().data.numpy().flatten()

    def train(self, replay_buffer, batch_size=256):
        self.total_it += 1

        state, action, next_state, reward, not_done = replay_buffer.sample(batch_size)

        with torch.no_grad():
            # target policy smoothing
            noise = (
                torch.randn_like(action) * self.policy_noise
            ).clamp(-self.noise_clip, self.noise_clip)

            next_action = (
                self.actor_target(next_state) + noise
            ).clamp(-self.max_action, self.max_action)

            # clipped double-Q target
            target_Q1, target_Q2 = self.critic_target(next_state, next_action)
            target_Q = torch.min(target_Q1, target_Q2)
            target_Q = reward + not_done * self.discount * target_Q

        current_Q1, current_Q2 = self.critic(state, action)

        critic_loss = F.mse_loss(current_Q1, target_Q) + F.mse_loss(current_Q2, target_Q)

        self.critic_optimizer.zero_grad()
        critic_loss.backward()
        self.critic_optimizer.step()
        self.last_critic_loss = critic_loss.item()

        # delayed policy updates
        if self.total_it % self.policy_freq == 0:

            actor_loss = -self.critic.Q1(state, self.actor(state)).mean()

            self.actor_optimizer.zero_grad()
            actor_loss.backward()
            self.actor_optimizer.step()

            for param, target_param in zip(self.critic.parameters(), self.critic_target.parameters()):
                target_param.data.copy_(self.tau * param.data + (1 - self.tau) * target_param.data)

            for param, target_param in zip(self.actor.parameters(), self.actor_target.parameters()):
                target_param.data.copy_(self.tau * param.data + (1 - self.tau) * target_param.data)

    def save(self, filename):
        torch.save(self.critic.state_dict(), filename + "_critic")
        torch.save(self.critic_optimizer.state_dict(), filename + "_critic_optimizer")

        torch.save(self.actor.state_dict(), filename + "_actor")
        torch.save(self.actor_optimizer.state_dict(), filename + "_actor_optimizer")

    def load(self, filename):
        self.critic.load_state_dict(torch.load(filename + "_critic"))
        self.critic_optimizer.load_state_dict(torch.load(filename + "_critic_optimizer"))
        self.critic_target = copy.deepcopy(self.critic)

        self.actor.load_state_dict(torch.load(filename + "_actor"))
        self.actor_optimizer.load_state_dict(torch.load(filename + "_actor_optimizer"))
        self.actor_target = copy.deepcopy(self.actor)


# ---- utils.py ----

class ReplayBuffer(object):
    def __init__(self, state_dim, action_dim, max_size=int(1e6)):
        self.max_size = max_size
        self.ptr = 0
        self.size = 0

        self.state = np.zeros((max_size, state_dim))
        self.action = np.zeros((max_size, action_dim))
        self.next_state = np.zeros((max_size, state_dim))
        self.reward = np.zeros((max_size, 1))
        self.not_done = np.zeros((max_size, 1))

        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    def add(self, state, action, next_state, reward, done):
        self.state[self.ptr] = state
        self.action[self.ptr] = action
        self.next_state[self.ptr] = next_state
        self.reward[self.ptr] = reward
        self.not_done[self.ptr] = 1. - done

        self.ptr = (self.ptr + 1) % self.max_size
        self.size = min(self.size + 1, self.max_size)

    def sample(self, batch_size):
        ind = np.random.randint(0, self.size, size=batch_size)

        return (
            torch.FloatTensor(self.state[ind]).to(self.device),
            torch.FloatTensor(self.action[ind]).to(self.device),
            torch.FloatTensor(self.next_state[ind]).to(self.device),
            torch.FloatTensor(self.reward[ind]).to(self.device),
            torch.FloatTensor(self.not_done[ind]).to(self.device)
        )


# ---- a hand-written stand-in for gym's Pendulum-v1 inside a TimeLimit ----

def angle_normalize(x):
    return ((x + np.pi) % (2 * np.pi)) - np.pi


class Box:
    def __init__(self, low, high, shape):
        self.low = np.full(shape, low, dtype=np.float32)
        self.high = np.full(shape, high, dtype=np.float32)
        self.shape = shape
        self._rng = np.random.RandomState()

    def seed(self, seed):
        self._rng = np.random.RandomState(seed)

    def sample(self):
        return self._rng.uniform(low=self.low, high=self.high, size=self.shape).astype(np.float32)


class PendulumEnv:
    def __init__(self):
        self.max_speed = 8
        self.max_torque = 2.0
        self.dt = .05
        self.g = 10.0
        self.m = 1.
        self.l = 1.
        self.action_space = Box(-self.max_torque, self.max_torque, (1,))
        self.observation_space = Box(-8.0, 8.0, (3,))
        self._max_episode_steps = 20
        self.np_random = np.random.RandomState()

    def seed(self, seed):
        self.np_random = np.random.RandomState(seed)

    def reset(self):
        high = np.array([np.pi, 1])
        self.state = self.np_random.uniform(low=-high, high=high)
        self._elapsed = 0
        return self._get_obs()

    def _get_obs(self):
        theta, thetadot = self.state
        return np.array([np.cos(theta), np.sin(theta), thetadot])

    def step(self, u):
        th, thdot = self.state
        g, m, l, dt = self.g, self.m, self.l, self.dt
        u = np.clip(u, -self.max_torque, self.max_torque)[0]
        costs = angle_normalize(th) ** 2 + .1 * thdot ** 2 + .001 * (u ** 2)
        newthdot = thdot + (-3 * g / (2 * l) * np.sin(th + np.pi) + 3. / (m * l ** 2) * u) * dt
        newth = th + newthdot * dt
        newthdot = np.clip(newthdot, -self.max_speed, self.max_speed)
        self.state = np.array([newth, newthdot])
        self._elapsed += 1
        return self._get_obs(), -costs, self._elapsed >= self._max_episode_steps, {}


class gym:
    @staticmethod
    def make(name):
        assert name == "Pendulum-v1"
        return PendulumEnv()


# ---- main.py ----

def eval_policy(policy, env_name, seed, eval_episodes=10):
    eval_env = gym.make(env_name)
    eval_env.seed(seed + 100)

    avg_reward = 0.
    for _ in range(eval_episodes):
        state, done = eval_env.reset(), False
        while not done:
            action = policy.select_action(np.array(state))
            state, reward, done, _ = eval_env.step(action)
            avg_reward += reward

    avg_reward /= eval_episodes

    print("---------------------------------------")
    print(f"Evaluation over {eval_episodes} episodes: {avg_reward:.3f}")
    print("---------------------------------------")
    return avg_reward


def main(workdir):
    parser = argparse.ArgumentParser()
    parser.add_argument("--policy", default="TD3")
    parser.add_argument("--env", default="HalfCheetah-v2")
    parser.add_argument("--seed", default=0, type=int)
    parser.add_argument("--start_timesteps", default=25e3, type=int)
    parser.add_argument("--eval_freq", default=5e3, type=int)
    parser.add_argument("--max_timesteps", default=1e6, type=int)
    parser.add_argument("--expl_noise", default=0.1)
    parser.add_argument("--batch_size", default=256, type=int)
    parser.add_argument("--discount", default=0.99)
    parser.add_argument("--tau", default=0.005)
    parser.add_argument("--policy_noise", default=0.2)
    parser.add_argument("--noise_clip", default=0.5)
    parser.add_argument("--policy_freq", default=2, type=int)
    parser.add_argument("--save_model", action="store_true")
    parser.add_argument("--load_model", default="")
    defaults = parser.parse_args([])
    print("defaults:", defaults.start_timesteps, type(defaults.start_timesteps).__name__,
          defaults.max_timesteps, defaults.expl_noise)
    args = parser.parse_args(["--env", "Pendulum-v1", "--start_timesteps", "40", "--eval_freq", "50",
                              "--max_timesteps", "100", "--batch_size", "32", "--save_model"])

    file_name = f"{args.policy}_{args.env}_{args.seed}"
    print("---------------------------------------")
    print(f"Policy: {args.policy}, Env: {args.env}, Seed: {args.seed}")
    print("---------------------------------------")

    results = os.path.join(workdir, "results")
    models = os.path.join(workdir, "models")
    if not os.path.exists(results):
        os.makedirs(results)

    if args.save_model and not os.path.exists(models):
        os.makedirs(models)

    env = gym.make(args.env)

    env.seed(args.seed)
    env.action_space.seed(args.seed)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)

    state_dim = env.observation_space.shape[0]
    action_dim = env.action_space.shape[0]
    max_action = float(env.action_space.high[0])

    kwargs = {
        "state_dim": state_dim,
        "action_dim": action_dim,
        "max_action": max_action,
        "discount": args.discount,
        "tau": args.tau,
    }

    if args.policy == "TD3":
        # target policy smoothing scaled by the action range
        kwargs["policy_noise"] = args.policy_noise * max_action
        kwargs["noise_clip"] = args.noise_clip * max_action
        kwargs["policy_freq"] = args.policy_freq
        policy = TD3(**kwargs)

    replay_buffer = ReplayBuffer(state_dim, action_dim, max_size=1000)

    evaluations = [eval_policy(policy, args.env, args.seed, eval_episodes=2)]

    state, done = env.reset(), False
    episode_reward = 0
    episode_timesteps = 0
    episode_num = 0

    for t in range(int(args.max_timesteps)):

        episode_timesteps += 1

        if t < args.start_timesteps:
            action = env.action_space.sample()
        else:
            action = (
                policy.select_action(np.array(state))
                + np.random.normal(0, max_action * args.expl_noise, size=action_dim)
            ).clip(-max_action, max_action)

        next_state, reward, done, _ = env.step(action)
        done_bool = float(done) if episode_timesteps < env._max_episode_steps else 0

        replay_buffer.add(state, action, next_state, reward, done_bool)

        state = next_state
        episode_reward += reward

        if t >= args.start_timesteps:
            policy.train(replay_buffer, args.batch_size)

        if done:
            print(f"Total T: {t+1} Episode Num: {episode_num+1} Episode T: {episode_timesteps} Reward: {episode_reward:.3f}")
            state, done = env.reset(), False
            episode_reward = 0
            episode_timesteps = 0
            episode_num += 1

        if (t + 1) % args.eval_freq == 0:
            print(f"critic loss after {policy.total_it} updates: {policy.last_critic_loss:.3f}")
            evaluations.append(eval_policy(policy, args.env, args.seed, eval_episodes=2))
            np.save(os.path.join(results, file_name), evaluations)
            if args.save_model: policy.save(os.path.join(models, file_name))

    print("saved:", sorted(os.listdir(results)), sorted(os.listdir(models)))
    saved = np.load(os.path.join(results, file_name + ".npy"))
    print("evaluations:", saved.shape, saved.dtype, [round(float(v), 2) for v in saved])

    fresh = TD3(**kwargs)
    fresh.load(os.path.join(models, file_name))
    probe = np.array([1.0, 0.0, 0.5])
    a1, a2 = policy.select_action(probe), fresh.select_action(probe)
    print("reloaded policy agrees:", np.allclose(a1, a2), a1.shape, a1.dtype)
    print("optimizer steps restored:", fresh.actor_optimizer.state_dict()['state'][0]['step'].item())


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as d:
        main(d)
