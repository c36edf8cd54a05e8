import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(1)
training_data = [
    ("The dog ate the apple".split(), ["DET", "NN", "V", "DET", "NN"]),
    ("Everybody read that book".split(), ["NN", "V", "DET", "NN"]),
]
word_to_ix = {}
for sent, tags in training_data:
    for word in sent:
        if word not in word_to_ix:
            word_to_ix[word] = len(word_to_ix)
tag_to_ix = {"DET": 0, "NN": 1, "V": 2}
EMBEDDING_DIM = 6
HIDDEN_DIM = 6
def prepare_sequence(seq, to_ix):
    idxs = [to_ix[w] for w in seq]
    return torch.tensor(idxs, dtype=torch.long)
embeddings = nn.Embedding(len(word_to_ix), EMBEDDING_DIM)
lstm = nn.LSTM(EMBEDDING_DIM, HIDDEN_DIM)
hidden2tag = nn.Linear(HIDDEN_DIM, len(tag_to_ix))
params = list(embeddings.parameters()) + list(lstm.parameters()) + list(hidden2tag.parameters())
def tagger(sentence):
    embeds = embeddings(sentence)
    lstm_out, _ = lstm(embeds.view(len(sentence), 1, -1))
    tag_space = hidden2tag(lstm_out.view(len(sentence), -1))
    return F.log_softmax(tag_space, dim=1)
with torch.no_grad():
    inputs = prepare_sequence(training_data[0][0], word_to_ix)
    print(tagger(inputs))
for epoch in range(60):
    for sentence, tags in training_data:
        for p in params:
            p.grad = None
        sentence_in = prepare_sequence(sentence, word_to_ix)
        targets = prepare_sequence(tags, tag_to_ix)
        loss = F.nll_loss(tagger(sentence_in), targets)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= 0.1 * p.grad
with torch.no_grad():
    inputs = prepare_sequence(training_data[0][0], word_to_ix)
    tag_scores = tagger(inputs)
    print(tag_scores)
    print(tag_scores.argmax(1))
