import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
# 查看PyTorch的版本号
import torch as t
print(t.__version__)  # edit: the cell's shown value

# 指定Tensor的形状
a = t.Tensor(2, 3)
print(a)  # edit: the cell's shown value

# 用list的数据创建Tensor
b = t.Tensor([[1,2,3],[4,5,6]])
print(b)  # edit: the cell's shown value

print(b.tolist())  # edit: the cell's shown value

b_size = b.size()
print(b_size)  # edit: the cell's shown value

# 统计b中元素总个数，2*3，两种方式等价
print(b.numel(), b.nelement())  # edit: the cell's shown value

# 创建一个和b形状一样的Tensor c
c = t.Tensor(b_size)
# 创建一个元素为2和3的Tensor d
d = t.Tensor((2, 3))
print(c, d)  # edit: the cell's shown value

# torch.Tensor能直接创建空的张量
print(t.Tensor())  # edit: the cell's shown value

# torch.tensor不能直接创建空的张量，需要传入一个空的data
# t.tensor() # TypeError: tensor() missing 1 required positional arguments: "data"
print(t.tensor(()))  # edit: the cell's shown value

a = t.tensor([2,3])
print(a.type())
b = t.Tensor([2,3])
print(b.type())

import numpy as np
arr = np.ones((2, 3), dtype=np.float64)
a = t.tensor(arr)
print(a)  # edit: the cell's shown value

# 创建一个形状是(2,3)值全为1的Tensor
print(t.ones(2, 3))  # edit: the cell's shown value

input_tensor = t.tensor([[1, 2, 3], [4, 5, 6]])
print(t.ones_like(input_tensor))  # edit: the cell's shown value

# 创建一个形状是(2,3)的全0的Tensor
print(t.zeros(2, 3))  # edit: the cell's shown value

# 创建一个对角线为1，其余为0的Tensor,不要求行列数一致
print(t.eye(2, 3, dtype=t.int))  # edit: the cell's shown value

# 创建一个起始值为1，上限为6，步长为2的Tensor
print(t.arange(1, 6, 2))  # edit: the cell's shown value

# 创建一个均匀间距的Tensor，将1到10的数分为3份
print(t.linspace(1, 10, 3))  # edit: the cell's shown value

# 创建一个形状是(2,3)的Tensor，其取值为从标准正态分布中抽取的随机数
print(t.randn(2, 3))  # edit: the cell's shown value

# 创建一个长度为5的随机排列的Tensor
print(t.randperm(5))  # edit: the cell's shown value

# 创建一个大小为(2，3)值全1的Tensor，保留原始的torch.dtype和torch.device
tensor3 = t.tensor((), dtype=t.int32)
print(tensor3.new_ones((2, 3)))  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (TypeError: randn() received an invalid combination of arguments - got (int, int, int, int, names=tuple), but expected one of:)
