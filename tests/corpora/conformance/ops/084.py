import torch
h = torch.ones(3, dtype=torch.float16) / 3
print(h, h.dtype, h.sum(), h * 1000, h.float())
u = torch.tensor([250, 5], dtype=torch.uint8)
print(u + 10, u * 2, u - 6, u.dtype, (u + 10).dtype)
i8 = torch.tensor([100, -100], dtype=torch.int8)
print(i8 * 2, i8.abs(), i8.sum(), i8.sum().dtype)
i32 = torch.tensor([1, 2], dtype=torch.int32)
print(i32 * 2.5, i32 + torch.tensor([1, 1]), (i32 + torch.tensor([1, 1])).dtype, i32 / 2, i32 // 2, (i32 * 2).dtype)
print(torch.ones(2, dtype=torch.float16) + torch.ones(2), (torch.ones(2, dtype=torch.float16) + torch.ones(2)).dtype)
print(torch.tensor([True, False]) + torch.tensor([True, True]), torch.tensor([True]) * 3, torch.tensor([True]) * 1.5)
print(torch.tensor(1, dtype=torch.int16).dtype, torch.tensor([1.5], dtype=torch.float64) * torch.tensor([2], dtype=torch.int32))
print(torch.tensor([3], dtype=torch.int16) + 2.5, torch.tensor([1.0], dtype=torch.float16) * 2.5)
print(torch.tensor([0.1, 0.2], dtype=torch.float16).tolist(), torch.tensor([1e5], dtype=torch.float16))
