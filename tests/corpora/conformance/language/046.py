import torch

scores = [0.5, 0.7]
print(scores[0])
print(scores[5])
