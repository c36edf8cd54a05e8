import torch; torch.manual_seed(0)  # edit: seed
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data as Data
from torch.utils.data import TensorDataset
from torch.utils.data import DataLoader
pass  # edit: plotting removed

max_degree=20
n_train,n_test=100,100

poly_features=torch.zeros(20,200)
true_w=torch.zeros(max_degree)
true_w[0:4] = torch.tensor([5, 1.2, -3.4, 5.6])
features = torch.randn(size=(n_train + n_test, 1))
x_list=torch.arange(max_degree)
x_list.float()
features=features.reshape(1,-1)

for i in range(1,max_degree):
    
    poly_features[i] = torch.pow(features,i)
    
print(features[:,4])
print(poly_features[:,4])
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (ModuleNotFoundError: No module named 'scipy')
