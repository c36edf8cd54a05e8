vocab = ["the", "cat", "sat", "on", "mat"]
word_to_ix = {w: i for i, w in enumerate(vocab)}
print(word_to_ix)
ix_to_word = {i: w for w, i in word_to_ix.items()}
print(ix_to_word[2], len(ix_to_word))
lengths = {w: len(w) for w in vocab if len(w) > 2}
print(lengths)
