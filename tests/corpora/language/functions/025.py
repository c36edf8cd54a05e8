# an annotated assignment takes one target
pair: int = 1
print(pair)
(a, b): int = 1, 2
