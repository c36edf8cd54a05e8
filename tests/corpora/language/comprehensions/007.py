data = [("a", 1), ("b", 2), ("a", 3)]
merged = {k: [v for key, v in data if key == k] for k, _ in data}
print(merged)
print({k: v for k, v in []}, {v for v in []} == set())
