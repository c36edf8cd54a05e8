# try/finally and with inside generators: their cleanup runs on close, on break, when exhausted, on an error
import torch

def guarded(name):
    print("start", name)
    try:
        yield 1
        yield 2
    finally:
        print("cleanup", name)

for v in guarded("exhausted"):
    print(v)
g = guarded("closed")
print(next(g))
g.close()
print("closed again:", g.close())
for v in guarded("broken"):
    print("got", v)
    break
print("after break")

def no_grad_batches(x):
    with torch.no_grad():
        yield x * 2
        print("inside:", torch.is_grad_enabled())
    print("outside:", torch.is_grad_enabled())
    yield x * 3

x = torch.ones(2, requires_grad=True)
for y in no_grad_batches(x):
    print(y, y.requires_grad, torch.is_grad_enabled())

def catches():
    try:
        yield 1
    except GeneratorExit:
        print("GeneratorExit seen")
        raise

c = catches()
next(c)
c.close()

def failing():
    try:
        yield 1
        raise ValueError("inside")
    finally:
        print("finally before the error leaves")

try:
    for v in failing():
        print(v)
except ValueError as e:
    print("caught", e)
