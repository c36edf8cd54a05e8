pairs = [(3, "c"), (1, "a"), (2, "b")]
print(sorted(pairs, key=lambda p: p[0]))
print(sorted(pairs, key=lambda p: p[1], reverse=True))
print(min(pairs, key=lambda p: -p[0]), max(["aa", "b", "ccc"], key=lambda s: len(s)))
words = ["banana", "Apple", "cherry"]
print(sorted(words, key=lambda w: w.lower()))
