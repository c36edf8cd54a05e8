total = 0


def add(n):
    global total
    total += n
    return total


add(5)
add(7)
print(total)


def reset():
    global total, calls
    total = 0
    calls = 1


reset()
print(total, calls)
