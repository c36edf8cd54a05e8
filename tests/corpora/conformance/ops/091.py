import torch
print(torch.result_type(torch.ones(1, dtype=torch.int32), 1.0), torch.result_type(torch.ones(1, dtype=torch.int32), torch.tensor(1.0, dtype=torch.float64)))
print(torch.result_type(torch.tensor([1], dtype=torch.uint8), -1), torch.result_type(2, torch.ones(2, dtype=torch.float16)), torch.result_type(torch.tensor(True), 3))
print(torch.linalg.matmul(torch.ones(2, 2), torch.ones(2)), torch.linalg.matmul(torch.ones(1, 2, requires_grad=True), torch.ones(2, 3)))
print(torch.set_grad_enabled(True), torch.set_grad_enabled(False), torch.is_grad_enabled())
torch.set_grad_enabled(True)
logprobs = torch.arange(12.).reshape(3, 4).log_softmax(1)
Yb = torch.tensor([0, 1, 3])
print(logprobs[range(3), Yb], -logprobs[range(3), Yb].mean(), logprobs[range(1, 3)])
