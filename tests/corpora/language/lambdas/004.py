multipliers = [lambda x, k=k: x * k for k in range(4)]
print([m(10) for m in multipliers])
late = [lambda x: x * k for k in range(4)]
k = 100
print([m(1) for m in late])
