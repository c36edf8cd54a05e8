# A small MLP (nn.Linear: addmm, its backward through mm) trained 500 steps with Adam on mse_loss, then mm, mv, dot,
# addmm and a batched matmul printed in full: MKL's BLAS in torch, so exact with the mkl extra
import torch

torch.manual_seed(0)
x = torch.randn(64, 10)
y = torch.sin(x[:, :1] * 2) + 0.1 * x[:, 1:2]
model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.Tanh(), torch.nn.Linear(32, 16), torch.nn.ReLU(),
                            torch.nn.Linear(16, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for step in range(500):
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
v = torch.randn(10)
w = model[0].weight
print((w @ v).tolist()[:4], w.t().mv(torch.randn(32))[:3].tolist(), v.dot(x[0]).item(), x[:, 3].dot(x[:, 4]).item())
print(torch.addmm(torch.randn(32), x, w.t())[0, :3].tolist(), (x.t() @ x)[0, :3].tolist(), (x @ x.t())[1, :3].tolist())
print(torch.matmul(torch.randn(3, 5, 10), w.t())[1, 2, :3].tolist(), (v @ w.t())[:3].tolist())
