import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
# edit: notebook magic: %matplotlib inline
import numpy as np
import torch
import math
import sys
pass  # edit: d2l's package removed
pass  # edit: d2l's package removed

def gd(eta):
    x = 10
    results = [x]
    for i in range(10):
        x -= eta * 2 * x  # f(x) = x * x的导数为f'(x) = 2 * x
        results.append(x)
    print('epoch 10, x:', x)
    return results

res = gd(0.2)

def show_trace(res):
    n = max(abs(min(res)), abs(max(res)), 10)
    f_line = np.arange(-n, n, 0.1)
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed

print(show_trace(res))  # edit: the cell's shown value

print(show_trace(gd(0.05)))  # edit: the cell's shown value

print(show_trace(gd(1.1)))  # edit: the cell's shown value

def train_2d(trainer):  # 本函数将保存在d2lzh_pytorch包中方便以后使用
    x1, x2, s1, s2 = -5, -2, 0, 0  # s1和s2是自变量状态，本章后续几节会使用
    results = [(x1, x2)]
    for i in range(20):
        x1, x2, s1, s2 = trainer(x1, x2, s1, s2)
        results.append((x1, x2))
    print('epoch %d, x1 %f, x2 %f' % (i + 1, x1, x2))
    return results

def show_trace_2d(f, results):  # 本函数将保存在d2lzh_pytorch包中方便以后使用
    pass  # edit: plotting removed
    x1, x2 = np.meshgrid(np.arange(-5.5, 1.0, 0.1), np.arange(-3.0, 1.0, 0.1))
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed

eta = 0.1

def f_2d(x1, x2):  # 目标函数
    return x1 ** 2 + 2 * x2 ** 2

def gd_2d(x1, x2, s1, s2):
    return (x1 - eta * 2 * x1, x2 - eta * 4 * x2, 0, 0)

print(show_trace_2d(f_2d, train_2d(gd_2d)))  # edit: the cell's shown value

def sgd_2d(x1, x2, s1, s2):
    return (x1 - eta * (2 * x1 + np.random.normal(0.1)),
            x2 - eta * (4 * x2 + np.random.normal(0.1)), 0, 0)

print(show_trace_2d(f_2d, train_2d(sgd_2d)))  # edit: the cell's shown value
