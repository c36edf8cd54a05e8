matrix = [[1, 2, 3], [4, 5, 6]]
transposed = [[row[i] for row in matrix] for i in range(3)]
flat = [v for row in matrix for v in row]
pairs = {(i, j): matrix[i][j] for i in range(2) for j in range(3) if (i + j) % 2 == 0}
print(transposed, flat)
print(pairs)
