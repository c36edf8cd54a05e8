# d2l's data_iter: a generator of shuffled minibatches, read by a for loop
import random
import torch

def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    random.shuffle(indices)
    for i in range(0, num_examples, batch_size):
        batch_indices = torch.tensor(indices[i: min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]

random.seed(0)
torch.manual_seed(0)
features = torch.arange(20.0).reshape(10, 2)
labels = features.sum(1, keepdim=True)
for X, y in data_iter(4, features, labels):
    print(X, '\n', y)
batches = data_iter(3, features, labels)
print(type(batches))
print(len(list(batches)), list(batches))
