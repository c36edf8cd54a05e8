import torch; torch.manual_seed(0)  # edit: seed
import torch
print(f"PyTorch version: {torch.__version__}")

# Create two tensors
tensor_1 = torch.rand(3, 4)
tensor_2 = torch.rand(3, 4)

# Check the shapes
print(tensor_1.shape)
print(tensor_2.shape)

# Standard multiplication, the following lines perform the same operation (will work)
tensor_3 = tensor_1 * tensor_2 # can do standard multiplication with "*"
tensor_4 = torch.mul(tensor_1, tensor_2) # can also do standard multiplicaton with "torch.mul()" 

# Check for equality 
print(tensor_3 == tensor_4)  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x4 and 3x4))
