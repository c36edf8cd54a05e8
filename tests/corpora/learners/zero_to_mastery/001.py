import torch; torch.manual_seed(0)  # edit: seed
import torch
print(torch.__version__)  # edit: the cell's shown value

# Scalar
scalar = torch.tensor(7)
print(scalar)  # edit: the cell's shown value

print(scalar.ndim)  # edit: the cell's shown value

# Get the Python number within a tensor (only works with one-element tensors)
print(scalar.item())  # edit: the cell's shown value

# Vector
vector = torch.tensor([7, 7])
print(vector)  # edit: the cell's shown value

# Check the number of dimensions of vector
print(vector.ndim)  # edit: the cell's shown value

# Check shape of vector
print(vector.shape)  # edit: the cell's shown value

# Matrix
MATRIX = torch.tensor([[7, 8], 
                       [9, 10]])
print(MATRIX)  # edit: the cell's shown value

# Check number of dimensions
print(MATRIX.ndim)  # edit: the cell's shown value

print(MATRIX.shape)  # edit: the cell's shown value

# Tensor
TENSOR = torch.tensor([[[1, 2, 3],
                        [3, 6, 9],
                        [2, 4, 5]]])
print(TENSOR)  # edit: the cell's shown value

# Check number of dimensions for TENSOR
print(TENSOR.ndim)  # edit: the cell's shown value

# Check shape of TENSOR
print(TENSOR.shape)  # edit: the cell's shown value

# Create a random tensor of size (3, 4)
random_tensor = torch.rand(size=(3, 4))
print(random_tensor, random_tensor.dtype)  # edit: the cell's shown value

# Create a random tensor of size (224, 224, 3)
random_image_size_tensor = torch.rand(size=(224, 224, 3))
print(random_image_size_tensor.shape, random_image_size_tensor.ndim)  # edit: the cell's shown value

# Create a tensor of all zeros
zeros = torch.zeros(size=(3, 4))
print(zeros, zeros.dtype)  # edit: the cell's shown value

# Create a tensor of all ones
ones = torch.ones(size=(3, 4))
print(ones, ones.dtype)  # edit: the cell's shown value

# Use torch.arange(), torch.range() is deprecated 
zero_to_ten_deprecated = torch.range(0, 10) # Note: this may return an error in the future

# Create a range of values 0 to 10
zero_to_ten = torch.arange(start=0, end=10, step=1)
print(zero_to_ten)  # edit: the cell's shown value

# Can also create a tensor of zeros similar to another tensor
ten_zeros = torch.zeros_like(input=zero_to_ten) # will have same shape
print(ten_zeros)  # edit: the cell's shown value

# Default datatype for tensors is float32
float_32_tensor = torch.tensor([3.0, 6.0, 9.0],
                               dtype=None, # defaults to None, which is torch.float32 or whatever datatype is passed
                               device=None, # defaults to None, which uses the default tensor type
                               requires_grad=False) # if True, operations performed on the tensor are recorded 

print(float_32_tensor.shape, float_32_tensor.dtype, float_32_tensor.device)  # edit: the cell's shown value

float_16_tensor = torch.tensor([3.0, 6.0, 9.0],
                               dtype=torch.float16) # torch.half would also work

print(float_16_tensor.dtype)  # edit: the cell's shown value

# Create a tensor
some_tensor = torch.rand(3, 4)

# Find out details about it
print(some_tensor)
print(f"Shape of tensor: {some_tensor.shape}")
print(f"Datatype of tensor: {some_tensor.dtype}")
print(f"Device tensor is stored on: {some_tensor.device}") # will default to CPU

# Create a tensor of values and add a number to it
tensor = torch.tensor([1, 2, 3])
print(tensor + 10)  # edit: the cell's shown value

# Multiply it by 10
print(tensor * 10)  # edit: the cell's shown value

# Tensors don't change unless reassigned
print(tensor)  # edit: the cell's shown value

# Subtract and reassign
tensor = tensor - 10
print(tensor)  # edit: the cell's shown value

# Add and reassign
tensor = tensor + 10
print(tensor)  # edit: the cell's shown value

# Can also use torch functions
print(torch.multiply(tensor, 10))  # edit: the cell's shown value

# Original tensor is still unchanged 
print(tensor)  # edit: the cell's shown value

# Element-wise multiplication (each element multiplies its equivalent, index 0->0, 1->1, 2->2)
print(tensor, "*", tensor)
print("Equals:", tensor * tensor)

import torch
tensor = torch.tensor([1, 2, 3])
print(tensor.shape)  # edit: the cell's shown value

# Element-wise matrix multiplication
print(tensor * tensor)  # edit: the cell's shown value

# Matrix multiplication
print(torch.matmul(tensor, tensor))  # edit: the cell's shown value

# Can also use the "@" symbol for matrix multiplication, though not recommended
print(tensor @ tensor)  # edit: the cell's shown value

# edit: notebook magic: %%time
# Matrix multiplication by hand 
# (avoid doing operations with for loops at all cost, they are computationally expensive)
value = 0
for i in range(len(tensor)):
  value += tensor[i] * tensor[i]
print(value)  # edit: the cell's shown value

# edit: notebook magic: %%time
print(torch.matmul(tensor, tensor))  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x2 and 3x2))
