import torch
import torch.nn as nn
from torch.distributions.categorical import Categorical
from torch.distributions.normal import Normal
# CleanRL's get_action_and_value (ppo.py / ppo_continuous_action.py) builds a distribution inside
# the compiled method: PyTorch 2.11 inlines Categorical's / Normal's __init__ and their log_prob /
# entropy, so the method is one graph. Actions are passed in (no sampling), so values are exact.


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = nn.Linear(4, 3)
        self.critic = nn.Linear(4, 1)
        self.actor_mean = nn.Linear(4, 2)
        self.actor_logstd = nn.Parameter(torch.zeros(1, 2))

    def discrete(self, x, action):
        logits = self.actor(x)
        probs = Categorical(logits=logits)
        return action, probs.log_prob(action), probs.entropy(), self.critic(x)

    def continuous(self, x, action):
        action_mean = self.actor_mean(x)
        action_logstd = self.actor_logstd.expand_as(action_mean)
        action_std = torch.exp(action_logstd)
        probs = Normal(action_mean, action_std)
        return action, probs.log_prob(action).sum(1), probs.entropy().sum(1), self.critic(x)


torch.manual_seed(0)
agent = Agent()
x = torch.randn(5, 4)
a_d = torch.tensor([0, 2, 1, 1, 0])
a_c = torch.randn(5, 2)
for name, fn, a in (("discrete", agent.discrete, a_d), ("continuous", agent.continuous, a_c)):
    print("==", name)
    torch._dynamo.reset()
    eager = fn(x, a)
    comp = torch.compile(fn, backend="eager")(x, a)
    for e, c in zip(eager, comp):
        print(tuple(c.shape), torch.allclose(e, c))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x, a)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
