import torch
from torch import nn

torch.manual_seed(0)
trunk = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 4))
actor, critic = nn.Linear(4, 2), nn.Linear(4, 1)
optimizer = torch.optim.SGD([*trunk.parameters(), *actor.parameters(), *critic.parameters()], lr=0.1)
state = torch.randn(5, 3)


def losses():
    features = trunk(state)  # (1)!
    return actor(features).logsumexp(dim=1).mean(), critic(features).pow(2).mean()


actor_loss, critic_loss = losses()
actor_loss.backward(retain_graph=True)
optimizer.step()  # (2)!
try:
    critic_loss.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}".split(" Hint:")[0])

optimizer.zero_grad()
actor_loss, critic_loss = losses()
actor_loss.backward(retain_graph=True)
critic_loss.backward()  # (3)!
optimizer.step()
optimizer.zero_grad()
losses()[0].backward()
optimizer.step()
optimizer.zero_grad()
losses()[1].backward()  # (4)!
optimizer.step()
print("fix one and fix two: no error")
