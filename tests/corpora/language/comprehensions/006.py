text = "the quick brown fox jumps over the lazy dog the end"
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
common = {w: c for w, c in counts.items() if c > 1}
print(common)
inverse = {c: sorted(w for w, n in counts.items() if n == c) for c in set(counts.values())}
print(inverse)
