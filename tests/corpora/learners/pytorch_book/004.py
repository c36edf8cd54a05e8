import torch; torch.manual_seed(0)  # edit: seed
import torch as t
def for_loop_add(x, y):
    result = []
    for i, j in zip(x, y):
        result.append(i + j)
    return t.tensor(result)

x = t.zeros(100)
y = t.ones(100)
# edit: notebook magic: %timeit -n 100 for_loop_add(x, y)
# edit: notebook magic: %timeit -n 100 (x + y)

# 比较expand和repeat的内存占用情况
a = t.arange(3).view(1, 3)
print("原始储存占用：" + str(a.storage().size()))
# expand不额外占用内存，只返回一个新的视图
b = a.expand(3, 3)
print("expand储存占用：" + str(b.storage().size()))
# repeat复制了原始张量
c = a.repeat(3, 3)
print("repeat储存占用：" + str(c.storage().size()))

a = t.ones(3, 2)
b = t.zeros(2, 3, 1)

# 自动广播法则
# 第一步：a是2维的，b是3维的，所以先在较小维度的a前面补1个维度，
#       即：a.unsqueeze(0)，a的形状变成(1，3，2)，b的形状是(2，3，1),
# 第二步：a和b在第一维和第三维形状不一样，其中一个为1，
#       即：可以利用广播法则扩展，两个形状都变成了(2，3，2)
print((a + b).shape)  # edit: the cell's shown value

# 手动广播法则，下面两行操作是等效的
# a.view(1, 3, 2).expand(2, 3, 2)+b.expand(2, 3, 2)
print(a[None].expand(2, 3, 2) + b.expand(2, 3, 2))  # edit: the cell's shown value

a = t.arange(6).view(3, 2)
b = a.reshape(2, 3)   # 改变形状
c = a.transpose(1, 0) # 转置
d = a[:2, 1]          # 切片
# a，b，c，d四个实例指向同一个storage
print(a.storage().data_ptr() == b.storage().data_ptr() == c.storage().data_ptr() == d.storage().data_ptr())  # edit: the cell's shown value

# 发生改变的实际是三个内部属性：size，storage_offset和stride
print(a.size(), a.storage_offset(), a.stride())
print(b.size(), b.storage_offset(), b.stride())
print(c.size(), c.storage_offset(), c.stride())
print(d.size(), d.storage_offset(), d.stride())

a = t.arange(12).view(3, 4)
print(a, a.size(), a.storage_offset(), a.stride())  # edit: the cell's shown value

# a的size设为2×3×4×5
a = t.rand(2, 3, 4, 5)
# 可以通过式(6.2)计算得到，stride0=3×4×5=60，stride1=4×5=20，stride2=5，stride3=1
print(a.stride())  # edit: the cell's shown value

a = t.arange(1, 13).view(3, 4)
print(a)  # edit: the cell's shown value

# 提取位置第二行，第三列的元素, 等价于a[(1, 2)]（保留括号的元组形式）
print(a[1, 2])  # edit: the cell's shown value

# 固定第一个维度，提取第二个维度上的切片（省略第二个参数），等价于a[1,:]
print(a[1])  # edit: the cell's shown value

a = t.arange(10)
print(a[1:8:2])  # edit: the cell's shown value

# start或stop为负数
print(a[-5:-1:2], a[(10-5):(10-1):2])  # edit: the cell's shown value

#step为负数，只有numpy支持
a_numpy = a.numpy()[8:2:-3]
# PyTorch可以用t.flip函数，注意：下标需手动计算。flip函数创建新Tensor，不共享存储
a_tensor = t.flip(a[5:9:3], [0])
# 或者用t.arange, 这种方式属于高级索引
a_tensor_2 = a[t.arange(8, 2, -3)]

print(a_numpy, a_tensor, a_tensor_2)  # edit: the cell's shown value

a = t.rand(3, 224, 224)
print(a[:, 0:224:4, :].shape) # 第二个维度间隔切片
print(a[:, ::4].shape) # 默认在后面缺失的维度补`:`全选。另默认start=0，stop=224

a = t.arange(12).view(2, 3, 2)
print(a[1:2])  # edit: the cell's shown value

# 使用整数作索引
a_int = a[:, 1]
# 使用切片对象作索引
a_slice = a[:, 1:2]
print(a_int.shape, a_slice.shape)

# a是三维数组
a[1:2, ...]  # 等价于a[1:2,:,:]，补两个 :
print(a[1, ..., 0])  # edit: the cell's shown value

a = t.rand(2, 3, 4, 5)
# 在最前面加一个维度，下面两种写法等价
print(a.unsqueeze(0).shape)
print(a[None,...].shape)

# 在原有的四个维度中均插入一个维度，成为（2,1,3,1,4,1,5）
# unsqueeze方法，每成功增加一个维度，需要重新计算下一个需要增加的维度位置
b = a.unsqueeze(1).unsqueeze(3).unsqueeze(5)
print(b.shape)  # edit: the cell's shown value

# None索引方法，直接在需要增加的维度上填写None即可
print(a[:,None,:,None,:,None,:].shape)  # edit: the cell's shown value

# 假设batch_size为16，features为256
a = t.arange(16 * 256).view(16, 256)
a1 = a.unsqueeze(1)
a_T = a1.transpose(2, 1)
a_matrix = a_T @ a1 # @表示矩阵的乘法
print(a_matrix.shape)  # edit: the cell's shown value

b = a[:,:,None] * a[:,None,:]
c = a[:,None,:] * a[:,:,None]
# 读者可以思考一下，b和c有什么区别？
print(b.shape, c.shape)  # edit: the cell's shown value

assert t.equal(b, c)
assert t.equal(a_matrix, b)
# 没有触发异常，说明两种方式得到的结果是一样的

a = t.arange(12).view(3, 4)
b = a[1:, None] # 基本索引得到b
print(a.storage().data_ptr() == b.storage().data_ptr())  # edit: the cell's shown value

# 基本索引只是返回了一个新的视图，具有不一样的stride、offset等属性
print(a.storage_offset() == b.storage_offset())
print(a.stride() == b.stride())

a = t.arange(12).view(2, 2, 3)
print(a[0, 1].shape)  # edit: the cell's shown value

print(a[[0, 1]].shape)  # edit: the cell's shown value

print(a[t.tensor([0, 1])].shape)  # edit: the cell's shown value

print(a[([0, 1], 1)].shape)  # edit: the cell's shown value

print(a[[0, None]].shape)  # edit: the cell's shown value

a = t.arange(12).view(3, 4)
print(a)  # edit: the cell's shown value

# 构造相同形状的索引，行索引为t.tensor([1, 2])，列索引为t.tensor([0, 3])
# 行索引和列索引相互对应，获取索引为a[1, 0]、a[2, 3]位置的元素
# 输出结果的形状与索引的形状相同
rows = t.tensor([1, 2])
cols = t.tensor([0, 3])
print(a[rows, cols])  # edit: the cell's shown value

# 输出主对角线的元素
print(a[[0, 1, 2], [0, 1, 2]])  # edit: the cell's shown value

# 获取四个角的元素
idx1 = t.tensor([[0, 0], [-1, -1]])
idx2 = t.tensor([[0, -1], [0, -1]])
print(a[idx1, idx2])  # edit: the cell's shown value

# 高维度tensor索引
rows = t.tensor([[1, 2], [0, 1]]) # shape：(2,2)
cols = t.tensor([[3, 1], [2, 2]]) # shape：(2,2)
print(a[rows, cols])  # edit: the cell's shown value

print(a[rows.view(-1), cols.view(-1)].view(2,2))  # edit: the cell's shown value

# 不相同形状的index索引，满足广播法则
# 获取索引为[1, 0]、[2, 0]、[1, 3]、[2, 3], [1, 1], [2, 1]的元素
rows = t.tensor([1, 2])[None, :] # shape：(1,2)
cols = t.tensor([0, 3, 1])[:, None] # shape：(3,1)
print(a[rows, cols])  # edit: the cell's shown value

# 错误示范
idx1 = [[0, 2], [1, 0]]
idx2 = [[1, 3], [3, 1]]
idx = t.tensor([idx1, idx2]) # 提前将索引数组进行组合
# a[idx]
# 如果报错，表示超出了索引范围
# 如果没报错，但是结果不是想要的结果。这是因为只索引了第一个维度，后面的维度直接进行切片

a = t.arange(120).view(5, 4, 3, 2)
idx1 = t.tensor([[1, 0]]) # shape 1×2
idx2 = t.tensor([[0, 2]]) # shape 1×2
idx3 = t.tensor([[0, 1]]) # shape 1×2

# 高级索引被基本索引:所分隔，高级索引的维度放在Tensor输出的最前面
# 结果中：维度(1,2)来自高级索引的维度，(4)来自:切片所在的维度
print(a[idx1, :, idx2, idx3].shape)  # edit: the cell's shown value

# 所有的高级索引相邻，直接将维度数插入到对应位置
# 结果中：(5)来自:切片所在的维度，维度(1,2)来自高级索引的维度,
print(a[:, idx1, idx2, idx3].shape)  # edit: the cell's shown value

# 高级索引被基本索引`:`所分隔，高级索引的维度放在tensor输出的最前面
# 输出维度中第一个3 来自于 `0:5:2`
print(a[0:5:2, idx1, :, idx3].shape)  # edit: the cell's shown value

print(a[0:5:2, :, idx3].shape)  # edit: the cell's shown value

# 因为索引的个数少于a的维度，因此会在后面补 ...
# 等价于 a[0:5:2, idx1, :, :]
# 所有的高级索引相邻，直接将维度数插入到对应位置
print(a[0:5:2, idx1].shape)  # edit: the cell's shown value

# 高级索引被基本索引None所分隔，高级索引的维度放在tensor输出的最前面
print(a[idx1, None, idx3].shape)  # edit: the cell's shown value

# 高级索引被基本索引...所分隔，高级索引的维度放在Tensor输出的最前面
# 根据推理，可知...指的是第二第三个维度，也就是 5×4×3×2中的4和3
print(a[idx1, ..., idx3].shape)  # edit: the cell's shown value

# 因为索引的个数少于a的维度，因此会在后面补 ...
# 等价于 a[2, :, idx3, :]
# 所有的高级索引相邻，直接将维度数插入到对应位置
print(a[2, :, idx3].shape)  # edit: the cell's shown value

# 练习：分析输出的形状和每一个维度的意义
a = t.arange(720 * 7).reshape(7, 6, 5, 4, 3, 2)
idx1 = t.tensor([[1, 0]]) # shape：1×2
idx2 = t.tensor([[0, 1]]) # shape：1×2
print(a[:, idx1, None, :2, ..., idx2, 0].shape)  # edit: the cell's shown value

a = t.arange(12).view(3, 4)
idx_bool = t.rand(3, 4) > 0.5
print(idx_bool)  # edit: the cell's shown value

print(a[idx_bool])  # edit: the cell's shown value

# 利用for循环
a = t.tensor([[1, -3, 2], [2, 9, -1], [-8, 4, 1]])
for i in range(a.shape[0]):
    for j in range(a.shape[1]):
        if a[i, j] > 0:
            a[i, j] *= 2
print(a)  # edit: the cell's shown value

# 利用布尔数组索引
a = t.tensor([[1, -3, 2], [2, 9, -1], [-8, 4, 1]])
a[a > 0] *= 2
print(a)  # edit: the cell's shown value

# 返回Tensor中所有行和小于3的行
a = t.tensor([[1, -3, 2], [2, 9, -1], [-8, 4, 1]])
row_sum = a.sum(-1)
print(a[row_sum < 3, :])  # edit: the cell's shown value

# 只选取偶数
a = t.arange(12).view(3, 4)
mask_idx = ((a % 2) == 0)
print(a[mask_idx])  # edit: the cell's shown value

# mask_idx 可以转化成整数型索引
int_idx = mask_idx.nonzero(as_tuple=True)
print(int_idx)
print(a[int_idx])  # edit: the cell's shown value

mask_idx = t.tensor([True, False, True]) # 第1, 3行
print(a[mask_idx])  # edit: the cell's shown value

# 第1, 3行的前两列
print(a[mask_idx, :2])  # edit: the cell's shown value

# 第1, 3行的第2，4列
col_idx = t.tensor([1, 3])[:, None] # 注意形状，广播法则
print(a[mask_idx, col_idx])  # edit: the cell's shown value

a = t.arange(120).view(2, 3, 4, 5)
mask_idx = t.randn(2, 3) > 0
print(mask_idx)
print(a[mask_idx].shape)  # edit: the cell's shown value

a = t.arange(120).view(2, 3, 4, 5)
mask_idx = t.tensor([[False,  True, False, False],
                     [False,  True,  True, False],
                     [ True, False,  True, False]]) # shape 3×4 其中True的个数为5
print(a[:, mask_idx].shape)  # edit: the cell's shown value

idx1 = [0, 1, 0, 0, 0] # mask_idx中True个数为5，这里idx1，idx2的长度也为5
idx2 = [1, 2, 3, 0, 0]
print(a[idx1, mask_idx, idx2])  # edit: the cell's shown value

# 使用obj.nonzero(as_tuple=True)在布尔型的索引位置进行替换
mask2int0, mask2int1 =  mask_idx.nonzero(as_tuple=True)
print(a[idx1, mask2int0, mask2int1, idx2])  # edit: the cell's shown value

def Conv(img, filter, stride=1, padding=0):
    '''
    img: 形状为 channel_in×height×width
    filter:形状为 channel_in×channel_out×kernel×kernel
    '''
    Cin, Hin, Win = img.shape
    Cout, K = filter.shape[1], filter.shape[2]
    # 计算卷积输出图像的参数，默认stride=1，padding=0
    Hout = ((Hin + 2 * padding - K) / stride).long() + 1
    Wout = ((Win + 2 * padding - K) / stride).long() + 1

    # 卷积核下标的索引
    K1 = t.arange(-(K//2), K//2+1)
    idx11, idx12 = t.meshgrid(K1, K1)
    # 输出Tensor下标索引
    H = t.linspace(K//2, K//2+stride*(Hout-1), Hout).long()
    W = t.linspace(K//2, K//2+stride*(Wout-1), Wout).long()
    idx21, idx22 = t.meshgrid(H, W)
    # 两种索引的组合形式
    idx1 = idx11[:, :, None, None] + idx21[None, None, :, :]
    idx2 = idx12[:, :, None, None] + idx22[None, None, :, :]

    # 改变filter的形状，便于接下来的矩阵相乘
    filter = filter.transpose(0,1).reshape(Cout, Cin*K*K)
    # 输入图像经过整数数组索引后改变成适合矩阵乘法的形状
    img = img[:, idx1, idx2].reshape(Cin*K*K, Hout*Wout)
    # 矩阵相乘得到卷积后的结果
    res = (filter @ img).reshape(Cout, Hout, Wout)
    return res
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (NameError: name 'Cin' is not defined)
