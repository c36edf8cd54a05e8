import torch; torch.manual_seed(0)  # edit: seed
import torch

import torch.nn as nn


''' 3 DIFFERENT METHODS TO REMEMBER:
 - torch.save(arg, PATH) # can be model, tensor, or dictionary
 - torch.load(PATH)
 - torch.load_state_dict(arg)
'''


''' 2 DIFFERENT WAYS OF SAVING
# 1) lazy way: save whole model
torch.save(model, PATH)

# model class must be defined somewhere
model = torch.load(PATH)
model.eval()

# 2) recommended way: save only the state_dict
torch.save(model.state_dict(), PATH)

# model must be created again with parameters
model = Model(*args, **kwargs)
model.load_state_dict(torch.load(PATH))
model.eval()
'''



class Model(nn.Module):
    def __init__(self, n_input_features):
        super(Model, self).__init__()
        self.linear = nn.Linear(n_input_features, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred


model = Model(n_input_features=6)

# train your model...

####################save all ######################################
for param in model.parameters():
    print(param)


# save and load entire model

FILE = "model.pth"
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (PicklingError: Can't pickle <class '__main__.Model'>: attribute lookup Model on __main__ failed)
