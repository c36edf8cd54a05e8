import torch
import torch.nn as nn
torch.manual_seed(3)
w = torch.empty(6, 5)
nn.init.uniform_(w); print(w.flatten().tolist())
nn.init.uniform_(w, -0.1, 0.1); print(w.flatten().tolist())
nn.init.normal_(w); print(w.flatten().tolist())
nn.init.normal_(w, mean=0.5, std=0.02); print(w.flatten().tolist())
nn.init.constant_(w, 0.3); print(w.flatten().tolist())
nn.init.zeros_(w); print(w.flatten().tolist())
nn.init.ones_(w); print(w.flatten().tolist())
nn.init.eye_(w); print(w)
