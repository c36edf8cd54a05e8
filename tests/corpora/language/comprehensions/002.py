numbers = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
unique = {n for n in numbers}
print(sorted(unique), len(unique))
odd_squares = {n * n for n in numbers if n % 2}
print(sorted(odd_squares))
print({1, 2, 3} | {3, 4}, {1, 2, 3} & {2, 3, 4}, {1, 2} - {2}, 2 in {1, 2})
empty = set()
empty.add(1)
print(empty, {(1, 2), (1, 2)})
