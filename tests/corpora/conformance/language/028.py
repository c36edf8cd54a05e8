import torch

matrix = [[1.0, 2.0], [3.0, 4.0]]
t = torch.tensor(matrix, requires_grad=True)
total = 0
for row in range(len(matrix)):
    for col in range(len(matrix[row])):
        total = total + t[row, col] * (row + 1)
total.backward()
print(total, t.grad)
print([[v * 2 for v in r] for r in matrix])
