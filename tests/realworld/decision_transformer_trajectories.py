# Real-program corpus (tests/realworld, see README.md): offline RL with a Decision Transformer in the
# style of nikhilbarhate99/min-decision-transformer (decision_transformer/model.py, utils.py,
# scripts/train.py @ d6694248): D4RL-style trajectories (dicts of NumPy arrays) pickled to a file and
# read back with pickle.load, returns-to-go by discount_cumsum, state mean/std normalisation, a
# Dataset that slices random context windows (zero padding and a traj_mask for short ones), a GPT
# of MaskedCausalAttention blocks (tril mask buffer, masked_fill(-inf)) over interleaved (rtg, state,
# action) tokens with a timestep embedding, AdamW + LambdaLR warmup + clip_grad_norm_, masked action
# MSE, an evaluation rollout that feeds the growing context back in under torch.no_grad(), and a CSV
# log. Written for Kiln, not copied; a hand-written 11-D toy environment instead of MuJoCo Hopper,
# six short trajectories, two training iterations.
import csv
import math
import os
import pickle
import random
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


def discount_cumsum(x, gamma):
    disc_cumsum = np.zeros_like(x)
    disc_cumsum[-1] = x[-1]
    for t in reversed(range(x.shape[0] - 1)):
        disc_cumsum[t] = x[t] + gamma * disc_cumsum[t + 1]
    return disc_cumsum


class TrajectoryDataset(Dataset):
    def __init__(self, dataset_path, context_len, rtg_scale):
        self.context_len = context_len
        with open(dataset_path, 'rb') as f:
            self.trajectories = pickle.load(f)
        min_len = 10 ** 6
        states = []
        for traj in self.trajectories:
            min_len = min(min_len, traj['observations'].shape[0])
            states.append(traj['observations'])
            traj['returns_to_go'] = discount_cumsum(traj['rewards'], 1.0) / rtg_scale
        states = np.concatenate(states, axis=0)
        self.state_mean, self.state_std = np.mean(states, axis=0), np.std(states, axis=0) + 1e-6
        for traj in self.trajectories:
            traj['observations'] = (traj['observations'] - self.state_mean) / self.state_std

    def __len__(self):
        return len(self.trajectories)

    def __getitem__(self, idx):
        traj = self.trajectories[idx]
        traj_len = traj['observations'].shape[0]
        if traj_len >= self.context_len:
            si = random.randint(0, traj_len - self.context_len)
            states = torch.from_numpy(traj['observations'][si:si + self.context_len])
            actions = torch.from_numpy(traj['actions'][si:si + self.context_len])
            returns_to_go = torch.from_numpy(traj['returns_to_go'][si:si + self.context_len])
            timesteps = torch.arange(start=si, end=si + self.context_len, step=1)
            traj_mask = torch.ones(self.context_len, dtype=torch.long)
        else:
            padding_len = self.context_len - traj_len
            states = torch.from_numpy(traj['observations'])
            states = torch.cat([states, torch.zeros(([padding_len] + list(states.shape[1:])), dtype=states.dtype)], dim=0)
            actions = torch.from_numpy(traj['actions'])
            actions = torch.cat([actions, torch.zeros(([padding_len] + list(actions.shape[1:])), dtype=actions.dtype)], dim=0)
            returns_to_go = torch.from_numpy(traj['returns_to_go'])
            returns_to_go = torch.cat([returns_to_go, torch.zeros(([padding_len] + list(returns_to_go.shape[1:])), dtype=returns_to_go.dtype)], dim=0)
            timesteps = torch.arange(start=0, end=self.context_len, step=1)
            traj_mask = torch.cat([torch.ones(traj_len, dtype=torch.long), torch.zeros(padding_len, dtype=torch.long)], dim=0)
        return timesteps, states, actions, returns_to_go, traj_mask


class MaskedCausalAttention(nn.Module):
    def __init__(self, h_dim, max_T, n_heads, drop_p):
        super().__init__()
        self.n_heads = n_heads
        self.max_T = max_T
        self.q_net = nn.Linear(h_dim, h_dim)
        self.k_net = nn.Linear(h_dim, h_dim)
        self.v_net = nn.Linear(h_dim, h_dim)
        self.proj_net = nn.Linear(h_dim, h_dim)
        self.att_drop = nn.Dropout(drop_p)
        self.proj_drop = nn.Dropout(drop_p)
        ones = torch.ones((max_T, max_T))
        mask = torch.tril(ones).view(1, 1, max_T, max_T)
        self.register_buffer('mask', mask)

    def forward(self, x):
        B, T, C = x.shape
        N, D = self.n_heads, C // self.n_heads
        q = self.q_net(x).view(B, T, N, D).transpose(1, 2)
        k = self.k_net(x).view(B, T, N, D).transpose(1, 2)
        v = self.v_net(x).view(B, T, N, D).transpose(1, 2)
        weights = q @ k.transpose(2, 3) / math.sqrt(D)
        weights = weights.masked_fill(self.mask[..., :T, :T] == 0, float('-inf'))
        normalized_weights = F.softmax(weights, dim=-1)
        attention = self.att_drop(normalized_weights @ v)
        attention = attention.transpose(1, 2).contiguous().view(B, T, N * D)
        return self.proj_drop(self.proj_net(attention))


class Block(nn.Module):
    def __init__(self, h_dim, max_T, n_heads, drop_p):
        super().__init__()
        self.attention = MaskedCausalAttention(h_dim, max_T, n_heads, drop_p)
        self.mlp = nn.Sequential(nn.Linear(h_dim, 4 * h_dim), nn.GELU(), nn.Linear(4 * h_dim, h_dim), nn.Dropout(drop_p))
        self.ln1 = nn.LayerNorm(h_dim)
        self.ln2 = nn.LayerNorm(h_dim)

    def forward(self, x):
        x = x + self.attention(x)
        x = self.ln1(x)
        x = x + self.mlp(x)
        x = self.ln2(x)
        return x


class DecisionTransformer(nn.Module):
    def __init__(self, state_dim, act_dim, n_blocks, h_dim, context_len, n_heads, drop_p, max_timestep=4096):
        super().__init__()
        self.state_dim, self.act_dim, self.h_dim = state_dim, act_dim, h_dim
        input_seq_len = 3 * context_len
        self.transformer = nn.Sequential(*[Block(h_dim, input_seq_len, n_heads, drop_p) for _ in range(n_blocks)])
        self.embed_ln = nn.LayerNorm(h_dim)
        self.embed_timestep = nn.Embedding(max_timestep, h_dim)
        self.embed_rtg = torch.nn.Linear(1, h_dim)
        self.embed_state = torch.nn.Linear(state_dim, h_dim)
        self.embed_action = torch.nn.Linear(act_dim, h_dim)
        self.predict_rtg = torch.nn.Linear(h_dim, 1)
        self.predict_state = torch.nn.Linear(h_dim, state_dim)
        self.predict_action = nn.Sequential(*([nn.Linear(h_dim, act_dim)] + [nn.Tanh()]))

    def forward(self, timesteps, states, actions, returns_to_go):
        B, T, _ = states.shape
        time_embeddings = self.embed_timestep(timesteps)
        state_embeddings = self.embed_state(states) + time_embeddings
        action_embeddings = self.embed_action(actions) + time_embeddings
        returns_embeddings = self.embed_rtg(returns_to_go) + time_embeddings
        h = torch.stack((returns_embeddings, state_embeddings, action_embeddings), dim=1).permute(0, 2, 1, 3).reshape(B, 3 * T, self.h_dim)
        h = self.embed_ln(h)
        h = self.transformer(h)
        h = h.reshape(B, T, 3, self.h_dim).permute(0, 2, 1, 3)
        return_preds = self.predict_rtg(h[:, 2])
        state_preds = self.predict_state(h[:, 2])
        action_preds = self.predict_action(h[:, 1])
        return state_preds, action_preds, return_preds


class ToyHopper:
    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def reset(self):
        self.t = 0
        self.s = self.rng.uniform(-0.5, 0.5, 11).astype(np.float32)
        return self.s

    def step(self, a):
        self.t += 1
        self.s = (0.9 * self.s + 0.1 * np.resize(np.asarray(a, dtype=np.float32), 11)).astype(np.float32)
        return self.s, float(1.0 - np.square(self.s).sum()), self.t >= 12 or abs(self.s[0]) > 2, {}


def evaluate_on_env(model, context_len, env, rtg_target, rtg_scale, num_eval_ep, max_test_ep_len, state_mean, state_std):
    total_reward, total_timesteps = 0, 0
    state_mean, state_std = torch.from_numpy(state_mean), torch.from_numpy(state_std)
    timesteps = torch.arange(start=0, end=max_test_ep_len, step=1).repeat(1, 1)
    model.eval()
    with torch.no_grad():
        for _ in range(num_eval_ep):
            actions = torch.zeros((1, max_test_ep_len, 3), dtype=torch.float32)
            states = torch.zeros((1, max_test_ep_len, 11), dtype=torch.float32)
            rewards_to_go = torch.zeros((1, max_test_ep_len, 1), dtype=torch.float32)
            running_state, running_rtg = env.reset(), rtg_target / rtg_scale
            for t in range(max_test_ep_len):
                total_timesteps += 1
                states[0, t] = (torch.from_numpy(running_state) - state_mean) / state_std
                rewards_to_go[0, t] = running_rtg
                lo = max(0, t - context_len + 1)
                _, act_preds, _ = model.forward(timesteps[:, lo:t + 1], states[:, lo:t + 1], actions[:, lo:t + 1], rewards_to_go[:, lo:t + 1])
                act = act_preds[0, -1].detach()
                running_state, running_reward, done, _ = env.step(act.cpu().numpy())
                actions[0, t] = act
                total_reward += running_reward
                running_rtg = running_rtg - (running_reward / rtg_scale)
                if done:
                    break
    return {'eval/avg_reward': total_reward / num_eval_ep, 'eval/avg_ep_len': total_timesteps / num_eval_ep}


def main():
    random.seed(0)
    np.random.seed(0)
    torch.manual_seed(0)
    context_len, rtg_scale, batch_size, max_train_iters, num_updates_per_iter, warmup_steps = 8, 100, 4, 2, 3, 4
    rng = np.random.RandomState(1)
    trajectories = []
    for i in range(6):
        T = 6 + 3 * i
        trajectories.append({'observations': rng.randn(T, 11).astype(np.float32), 'actions': rng.uniform(-1, 1, (T, 3)).astype(np.float32),
                             'rewards': rng.rand(T).astype(np.float32), 'terminals': np.zeros(T, dtype=bool)})
    with tempfile.TemporaryDirectory() as log_dir:
        dataset_path = os.path.join(log_dir, 'toyhopper-medium-v2.pkl')
        with open(dataset_path, 'wb') as f:
            pickle.dump(trajectories, f)
        traj_dataset = TrajectoryDataset(dataset_path, context_len, rtg_scale)
        print('trajectories', len(traj_dataset), 'state mean', np.round(traj_dataset.state_mean[:3], 3))
        print('rtg[0][:3]', np.round(traj_dataset.trajectories[0]['returns_to_go'][:3], 4), traj_dataset.trajectories[0]['terminals'].dtype)
        traj_data_loader = DataLoader(traj_dataset, batch_size=batch_size, shuffle=True, pin_memory=True, drop_last=True)
        data_iter = iter(traj_data_loader)
        model = DecisionTransformer(state_dim=11, act_dim=3, n_blocks=2, h_dim=32, context_len=context_len, n_heads=1, drop_p=0.1)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=1e-4)
        scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda steps: min((steps + 1) / warmup_steps, 1))
        log_csv_path = os.path.join(log_dir, 'log.csv')
        csv_writer = csv.writer(open(log_csv_path, 'a', 1))
        csv_writer.writerow(["duration", "num_updates", "action_loss", "eval_avg_reward", "eval_avg_ep_len"])
        for i_train_iter in range(max_train_iters):
            log_action_losses = []
            model.train()
            for _ in range(num_updates_per_iter):
                try:
                    timesteps, states, actions, returns_to_go, traj_mask = next(data_iter)
                except StopIteration:
                    data_iter = iter(traj_data_loader)
                    timesteps, states, actions, returns_to_go, traj_mask = next(data_iter)
                returns_to_go = returns_to_go.unsqueeze(dim=-1)
                action_target = torch.clone(actions).detach()
                state_preds, action_preds, return_preds = model.forward(timesteps=timesteps, states=states, actions=actions, returns_to_go=returns_to_go)
                action_preds = action_preds.view(-1, 3)[traj_mask.view(-1,) > 0]
                action_target = action_target.view(-1, 3)[traj_mask.view(-1,) > 0]
                action_loss = F.mse_loss(action_preds, action_target, reduction='mean')
                optimizer.zero_grad()
                action_loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
                optimizer.step()
                scheduler.step()
                log_action_losses.append(action_loss.detach().cpu().item())
            results = evaluate_on_env(model, context_len, ToyHopper(i_train_iter), 36.0, rtg_scale, 1, 12, traj_dataset.state_mean, traj_dataset.state_std)
            mean_action_loss = np.mean(log_action_losses)
            print("num of updates: " + str((i_train_iter + 1) * num_updates_per_iter))
            print("action loss: " + format(mean_action_loss, ".4f"))
            print("eval avg reward: " + format(results['eval/avg_reward'], ".4f") + " ep len: " + str(results['eval/avg_ep_len']))
            csv_writer.writerow([0, (i_train_iter + 1) * num_updates_per_iter, round(mean_action_loss, 4), round(results['eval/avg_reward'], 4), results['eval/avg_ep_len']])
        print("lr", round(scheduler.get_last_lr()[0], 7), "mask buffer", tuple(model.transformer[0].attention.mask.shape))
        with open(log_csv_path) as f:
            print(len(f.read().splitlines()), "csv lines")


if __name__ == '__main__':
    main()
