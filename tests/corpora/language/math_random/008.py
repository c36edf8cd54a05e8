import random

random.seed(7)
deck = [(rank, suit) for suit in "SH" for rank in range(1, 4)]
random.shuffle(deck)
print(deck)
hands = [deck[i::2] for i in range(2)]
print(hands, sorted(hands[0]))
print(random.normalvariate(10, 2), random.expovariate(1.5), random.triangular(0, 10, 3))
