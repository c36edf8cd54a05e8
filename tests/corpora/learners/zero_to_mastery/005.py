import torch; torch.manual_seed(0)  # edit: seed
# No code solution (reading)

# Import torch
import torch 

# Create random tensor
X = torch.rand(size=(7, 7))
print(X, X.shape)  # edit: the cell's shown value

# Create another random tensor
Y = torch.rand(size=(1, 7))
# Z = torch.matmul(X, Y) # will error because of shape issues
Z = torch.matmul(X, Y.T) # no error because of transpose
print(Z, Z.shape)  # edit: the cell's shown value

# Set manual seed
torch.manual_seed(0)

# Create two random tensors
X = torch.rand(size=(7, 7))
Y = torch.rand(size=(1, 7))

# Matrix multiply tensors
Z = torch.matmul(X, Y.T)
print(Z, Z.shape)  # edit: the cell's shown value

# Set random seed on the GPU
print(torch.cuda.manual_seed(1234))  # edit: the cell's shown value

# Set random seed
torch.manual_seed(1234)

# Check for access to GPU
device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Device: {device}")

# Create two random tensors on GPU
tensor_A = torch.rand(size=(2,3)).to(device)
tensor_B = torch.rand(size=(2,3)).to(device)
print(tensor_A, tensor_B)  # edit: the cell's shown value

# Perform matmul on tensor_A and tensor_B
# tensor_C = torch.matmul(tensor_A, tensor_B) # won't work because of shape error
tensor_C = torch.matmul(tensor_A, tensor_B.T)
print(tensor_C, tensor_C.shape)  # edit: the cell's shown value

# Find max
max = torch.max(tensor_C)

# Find min
min = torch.min(tensor_C)
print(max, min)  # edit: the cell's shown value

# Find arg max
arg_max = torch.argmax(tensor_C)

# Find arg min
arg_min = torch.argmin(tensor_C)
print(arg_max, arg_min)  # edit: the cell's shown value

# Set seed
torch.manual_seed(7)

# Create random tensor
tensor_D = torch.rand(size=(1, 1, 1, 10))

# Remove single dimensions
tensor_E = tensor_D.squeeze()

# Print out tensors
print(tensor_D, tensor_D.shape)
print(tensor_E, tensor_E.shape)
