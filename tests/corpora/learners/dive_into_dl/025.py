import random; import torch; torch.manual_seed(0); random.seed(0)  # edit: seed
import torch
import random
import zipfile

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
print(torch.__version__)
print(device)
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (FileNotFoundError: [Errno 2] No such file or directory: '../../data/jaychou_lyrics.txt.zip')
