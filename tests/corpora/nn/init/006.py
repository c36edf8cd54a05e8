import torch
import torch.nn as nn
torch.manual_seed(4)
w = torch.empty(40, 30)
nn.init.xavier_uniform_(w); print(w[::7, ::11].tolist())
nn.init.xavier_normal_(w); print(w[::7, ::11].tolist())
nn.init.kaiming_uniform_(w); print(w[::7, ::11].tolist())
nn.init.kaiming_normal_(w); print(w[::7, ::11].tolist())
nn.init.kaiming_uniform_(w, a=0.2, mode='fan_out', nonlinearity='leaky_relu'); print(w[::7, ::11].tolist())
nn.init.kaiming_normal_(w, mode='fan_out', nonlinearity='relu'); print(w[::7, ::11].tolist())
nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain('tanh')); print(w[::7, ::11].tolist())
small = torch.empty(3, 5)
nn.init.normal_(small, std=0.01); print(small.flatten().tolist())
nn.init.xavier_normal_(small); print(small.flatten().tolist())
print(nn.init.calculate_gain('relu'), nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('tanh'),
      nn.init.calculate_gain('sigmoid'), nn.init.calculate_gain('selu'), nn.init.calculate_gain('conv2d'))
