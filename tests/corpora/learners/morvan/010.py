import torch; torch.manual_seed(0)  # edit: seed
pass  # edit: plotting removed

import torch

pass  # edit: plotting removed


# torch.manual_seed(1)    # reproducible

N_SAMPLES = 20

N_HIDDEN = 300


# training data
x = torch.unsqueeze(torch.linspace(-1, 1, N_SAMPLES), 1)

y = x + 0.3*torch.normal(torch.zeros(N_SAMPLES, 1), torch.ones(N_SAMPLES, 1))


# test data
test_x = torch.unsqueeze(torch.linspace(-1, 1, N_SAMPLES), 1)

test_y = test_x + 0.3*torch.normal(torch.zeros(N_SAMPLES, 1), torch.ones(N_SAMPLES, 1))


# show data
pass  # edit: plotting removed

pass  # edit: plotting removed

pass  # edit: plotting removed

pass  # edit: plotting removed

pass  # edit: plotting removed


net_overfitting = torch.nn.Sequential(
    torch.nn.Linear(1, N_HIDDEN),
    torch.nn.ReLU(),
    torch.nn.Linear(N_HIDDEN, N_HIDDEN),
    torch.nn.ReLU(),
    torch.nn.Linear(N_HIDDEN, 1),
)


net_dropped = torch.nn.Sequential(
    torch.nn.Linear(1, N_HIDDEN),
    torch.nn.Dropout(0.5),  # drop 50% of the neuron
    torch.nn.ReLU(),
    torch.nn.Linear(N_HIDDEN, N_HIDDEN),
    torch.nn.Dropout(0.5),  # drop 50% of the neuron
    torch.nn.ReLU(),
    torch.nn.Linear(N_HIDDEN, 1),
)


print(net_overfitting)  # net architecture

print(net_dropped)


optimizer_ofit = torch.optim.Adam(net_overfitting.parameters(), lr=0.01)

optimizer_drop = torch.optim.Adam(net_dropped.parameters(), lr=0.01)

loss_func = torch.nn.MSELoss()


pass  # edit: plotting removed
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (takes more than 20 s of CPU)
