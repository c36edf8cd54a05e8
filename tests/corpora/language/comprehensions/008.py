squares = {n: n ** 2 for n in range(5)}
print(squares[7])
