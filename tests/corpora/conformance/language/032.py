import torch

vals = []
vals.append(torch.tensor(1.0))
vals.extend([torch.tensor(2.0), torch.tensor(3.0)])
last = vals.pop()
vals.insert(0, last)
print(vals, len(vals))
print(vals[1:], vals[::-1][:2])
nums = [3, 1, 2]
nums.sort()
print(nums, nums.index(2), nums.count(1))
