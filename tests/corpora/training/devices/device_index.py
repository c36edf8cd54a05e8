import torch
print(torch.device('cuda:1'), repr(torch.device('cuda', 2)), torch.device('cpu'), torch.device('cuda:1').index)
print(torch.device('cuda:1') == torch.device('cuda', 1), torch.device('cuda') == torch.device('cuda', 0))
d = torch.cuda.device('cuda:1')
print(d.idx, d.prev_idx)
print(torch.cuda.device(0).idx, torch.cuda.device(torch.device('cuda', 2)).idx, torch.cuda.device('cuda').idx)
with torch.cuda.device(-1) as x:
    print('in', x)
for a in [None, 'cuda:0', 'cpu']:
    try:
        with torch.cuda.device(a):
            print('in')
    except Exception as e:
        print(type(e).__name__, e)
for s in ['cuda:x', 'foo', 'cuda:-1']:
    try:
        torch.device(s)
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.device('cuda:1', 0)
except Exception as e:
    print(type(e).__name__, e)
