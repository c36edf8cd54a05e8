import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
import torch as t
print(t.__version__)  # edit: the cell's shown value

# 构建 5x3 矩阵，只是分配了空间，未初始化，其数值取决于内存空间的状态
x = t.Tensor(5, 3) #维度：5*3
print(x)  # edit: the cell's shown value

y = t.Tensor(5)
print(y.size())
z = t.tensor([5])# torch.tensor需要确切数值进行初始化
print(z.size())

# 使用[0,1]均匀分布随机初始化二维数组
x = t.rand(5, 3)  
print(x)  # edit: the cell's shown value

print(x.shape) # 查看x的形状
print(x.size()[1], x.size(1))  # edit: the cell's shown value

y = t.rand(5, 3)
# 加法的第一种写法
print(x + y)  # edit: the cell's shown value

# 加法的第二种写法
print(t.add(x, y))  # edit: the cell's shown value

# 加法的第三种写法：指定加法结果的输出目标为result
result = t.Tensor(5, 3) # 预先分配空间
# result = torch.empty(5,3)
t.add(x, y, out=result) # 输入到result
print(result)  # edit: the cell's shown value

print('初始的y值')
print(y)

print('第一种加法，y的结果')
y.add(x) # 普通加法，不改变y的内容
print(y)

print('第二种加法，y的结果')
y.add_(x) # inplace 加法，y变了
print(y)

# Tensor的选取操作与Numpy类似
print(x[:, 1])  # edit: the cell's shown value

a = t.ones(5) # 新建一个全1的Tensor
print(a)  # edit: the cell's shown value

b = a.numpy() # Tensor -> Numpy
print(b)  # edit: the cell's shown value

import numpy as np
a = np.ones(5)
b = t.from_numpy(a) # Numpy->Tensor
print(a)
print(b) 

b.add_(1) # 以`_`结尾的函数会修改自身
print(a)
print(b) # Tensor和Numpy共享内存

scalar = b[0]
print(scalar)  # edit: the cell's shown value

print(scalar.shape)  # edit: the cell's shown value

print(scalar.item())  # edit: the cell's shown value

tensor = t.tensor([2]) # 注意和scalar的区别
print(tensor,scalar)  # edit: the cell's shown value

print(tensor.size(),scalar.size())  # edit: the cell's shown value

# 只有一个元素的tensor也可以调用`tensor.item()`
print(tensor.item(), scalar.item())  # edit: the cell's shown value

tensor = t.tensor([3,4]) # 新建一个包含 3，4 两个元素的tensor

scalar = t.tensor(3)
print(scalar)  # edit: the cell's shown value

old_tensor = tensor
new_tensor = old_tensor.clone()
new_tensor[0] = 1111
print(old_tensor, new_tensor)  # edit: the cell's shown value

x = t.randn(4,4)
y = x.view(16)
z = x.view(-1,8) #-1表示由其他维度计算决定
print(x.size(),y.size(),z.size())

p = x.reshape(-1,8)
print(p.shape)

x1 = t.randn(2,4,6)
o1 = x1.permute((2,1,0))
o2 = x1.transpose(0,2)
print(f'o1 size{o1.size()}')
print(f'o2 size{o2.size()}')
print(f'o2 size {o2.size()}')

new_tensor = old_tensor.detach()
new_tensor[0] = 1111
print(old_tensor, new_tensor)  # edit: the cell's shown value

x = t.randn(3,2,1,1)
y = x.squeeze(-1) #将最后一维进行维度压缩
z = x.unsqueeze(0) #在第一维度增加一个维度
w = t.cat((x,x),0) #在第一维度连接两个x
print(f'y size{y.shape}')
print(f'z size{z.shape}')
print(f'w size{w.shape}')

x = t.randn(1)
print(x)
print(x.item())

# 在不支持CUDA的机器下，下一步还是在CPU上运行
device = t.device("cuda:0" if t.cuda.is_available() else "cpu")
x = x.to(device)
y = y.to(x.device)
z = x+y

# 为Tensor设置requires_grad标识，代表着需要求导数
# PyTorch 会自动调用autograd记录操作
x = t.ones(2, 2, requires_grad=True)

# 上一步等价于
# x = t.ones(2,2)
# x.requires_grad = True

print(x)  # edit: the cell's shown value

y = x.sum()
print(y)  # edit: the cell's shown value

print(y.grad_fn)  # edit: the cell's shown value

print(y.backward())  # edit: the cell's shown value

# y = x.sum() = (x[0][0] + x[0][1] + x[1][0] + x[1][1])
# 每个值的梯度都为1
print(x.grad)  # edit: the cell's shown value

y.backward()
print(x.grad)  # edit: the cell's shown value

y.backward()
print(x.grad)  # edit: the cell's shown value

# 以下划线结束的函数是inplace操作，会修改自身的值，就像add_
print(x.grad.data.zero_())  # edit: the cell's shown value

y.backward()
print(x.grad)  # edit: the cell's shown value

a = t.randn(2,2)
a = ((a*3)/(a-1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a*a).sum()
print(b.grad_fn)

import torch.nn as nn
import torch.nn.functional as F

class Net(nn.Module):
    def __init__(self):
        # nn.Module子类的函数必须在构造函数中执行父类的构造函数
        # 下式等价于nn.Module.__init__(self)
        super(Net, self).__init__()
        
        # 卷积层 '1'表示输入图片为单通道, '6'表示输出通道数，'5'表示卷积核为5*5
        self.conv1 = nn.Conv2d(1, 6, 5) 
        # 卷积层
        self.conv2 = nn.Conv2d(6, 16, 5) 
        # 仿射层/全连接层，y = Wx + b
        self.fc1   = nn.Linear(16*5*5, 120) 
        self.fc2   = nn.Linear(120, 84)
        self.fc3   = nn.Linear(84, 10)

    def forward(self, x): 
        # 卷积 -> 激活 -> 池化 
        
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2) 
        # reshape，‘-1’表示自适应
        x = x.view(x.size()[0], -1) 
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)        
        return x

net = Net()
print(net)

params = list(net.parameters())
print(len(params))

for name,parameters in net.named_parameters():
    print(name,':',parameters.size())

input = t.randn(1, 1, 32, 32)
out = net(input)
print(out.size())  # edit: the cell's shown value

net.zero_grad() # 所有参数的梯度清零
print(out.backward(t.ones(1,10)))  # edit: the cell's shown value

output = net(input)
target = t.arange(0,10).view(1,10).float() 
criterion = nn.MSELoss()
loss = criterion(output, target)
print(loss)  # edit: the cell's shown value

# 运行.backward，观察调用之前和调用之后的grad
net.zero_grad() # 把net中所有可学习参数的梯度清零
print('反向传播之前 conv1.bias的梯度')
print(net.conv1.bias.grad)
loss.backward()
print('反向传播之后 conv1.bias的梯度')
print(net.conv1.bias.grad)

import torch.optim as optim
#新建一个优化器，指定要调整的参数和学习率
optimizer = optim.SGD(net.parameters(), lr = 0.01)

# 在训练过程中
# 先梯度清零(与net.zero_grad()效果一样)
optimizer.zero_grad() 

# 计算损失
output = net(input)
loss = criterion(output, target)

#反向传播
loss.backward()

#更新参数
print(optimizer.step())  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (ModuleNotFoundError: No module named 'torchvision')
