class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, index):
        i, j = index
        return self.rows[i][j]

    def __len__(self):
        return len(self.rows)

    def __call__(self, vector):
        return [sum(a * b for a, b in zip(row, vector)) for row in self.rows]


m = Matrix([[1, 2], [3, 4]])
print(m[0, 1], m[1, 0], len(m), m([1, 1]))
print(m(m([1, 0])))
