def outer():
    history = []
    level = 0

    def push(v):
        nonlocal level
        level += 1
        history.append((level, v))

    push("a")
    push("b")
    return level, history


print(outer())
